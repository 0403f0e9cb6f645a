import { bearerToken, parseBearer } from './bearer-token';

const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXBhcnQ';

describe('parseBearer: the Authorization header, read strictly', () => {
  it.each([`Bearer ${jwt}`, `bearer ${jwt}`, `BEARER ${jwt}`])('takes %j', (header) => {
    expect(parseBearer(header)).toEqual({ kind: 'token', token: jwt });
    expect(bearerToken({ headers: { authorization: header } })).toBe(jwt);
  });

  it.each([undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearer   ', 'Bearertoken', `Token ${jwt}`])(
    'finds no bearer credentials in %j',
    (header) => {
      expect(parseBearer(header)).toEqual({ kind: 'none' });
      expect(bearerToken({ headers: { authorization: header } })).toBeNull();
    },
  );

  it.each([
    `Bearer ${jwt} trailing`,
    `Bearer ${jwt} `,
    `Bearer  ${jwt}`,
    `Bearer\t${jwt}`,
    `Bearer ${jwt},Bearer ${jwt}`,
    `Bearer ${jwt}.extra`,
    'Bearer not-a-token',
    'Bearer a.b',
    'Bearer a.b.',
    'Bearer a+b.c/d.e=',
  ])('refuses the malformed %j', (header) => {
    expect(parseBearer(header)).toEqual({ kind: 'malformed' });
    expect(bearerToken({ headers: { authorization: header } })).toBeNull();
  });
});
