import { createPrivateKey } from 'node:crypto';
import { sessionRevokedDataSchema, subjects, teamMessages } from '@portal/contracts';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { generateSigningKeyPem, startIdentity } from '../test/identity-harness';

describe('GET /api/auth/me, POST /api/auth/logout and the JWKS', () => {
  const signingKeyPem = generateSigningKeyPem();
  const harness = startForSuite(() => startIdentity({ seed: false, auth: { signingKeyPem } }));
  let token: string;
  let userId: string;

  const me = (bearer?: string) => request(harness().baseUrl, 'GET', '/api/auth/me', { token: bearer });

  beforeAll(async () => {
    const registered = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Session Tester', email: uniqueEmail('session'), password: 'session123' },
    });
    token = registered.body.token as string;
    userId = decodeJwt(token).sub!;
  });

  /** A token like identity's own, with chosen claims and header, signed by `pem`. */
  function forge(
    overrides: { claims?: Record<string, unknown>; header?: Record<string, unknown>; pem?: string } = {},
  ) {
    const genuine = decodeJwt(token);
    const header = { ...decodeProtectedHeader(token), ...overrides.header } as { alg: string };
    return new SignJWT({ ...genuine, ...overrides.claims })
      .setProtectedHeader(header)
      .sign(createPrivateKey(overrides.pem ?? signingKeyPem));
  }

  it('answers the user with its role for a good token, and never caches it', async () => {
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: userId, name: 'Session Tester', role: 'customer' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('signs with ES256 and a kid that the published JWKS holds', async () => {
    const jwks = await request<{ keys: Record<string, string>[] }>(
      harness().baseUrl,
      'GET',
      '/api/auth/.well-known/jwks.json',
    );
    expect(jwks.status).toBe(200);
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect(jwks.body.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: header.kid,
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    expect(jwks.body.keys[0]).not.toHaveProperty('d');
    expect(decodeJwt(token)).toMatchObject({ iss: 'portal-identity', aud: 'portal', role: 'customer' });
  });

  it('accepts a token it signed itself with chosen claims (the forging helper is sound)', async () => {
    expect((await me(await forge())).status).toBe(200);
  });

  const unauthorized = { statusCode: 401, message: 'Invalid or expired token' };

  it('answers 401 without a token, or with a malformed header', async () => {
    expect((await me()).body).toEqual({ statusCode: 401, message: 'Authentication required' });
    const basic = await request(harness().baseUrl, 'GET', '/api/auth/me', {
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.status).toBe(401);
    expect((await me('not.a.jwt')).body).toEqual(unauthorized);
    // The Authorization header is read strictly (libs/auth's parseBearer): a good token is not enough.
    for (const authorization of [`Bearer ${token} trailing`, `Bearer  ${token}`, `Bearer\t${token}`]) {
      const answer = await request(harness().baseUrl, 'GET', '/api/auth/me', { headers: { authorization } });
      expect(answer.body).toEqual(unauthorized);
    }
  });

  it('answers 401 for an expired token', async () => {
    const expired = await forge({ claims: { iat: 1_700_000_000, exp: 1_700_000_600 } });
    expect((await me(expired)).body).toEqual(unauthorized);
  });

  it('answers 401 for a tampered token (payload changed, signature kept)', async () => {
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), role: 'admin' })).toString('base64url');
    expect((await me(`${header}.${payload}.${signature}`)).body).toEqual(unauthorized);
  });

  it('answers 401 for a token signed by another key, even with the right kid', async () => {
    expect((await me(await forge({ pem: generateSigningKeyPem() }))).body).toEqual(unauthorized);
  });

  it('answers 401 for alg none', async () => {
    const [, payload] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`${header}.${payload}.`)).body).toEqual(unauthorized);
  });

  it('answers 401 for a token naming another user than its session', async () => {
    const other = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Other', email: uniqueEmail('other'), password: 'other1234' },
    });
    const otherUserId = decodeJwt(other.body.token as string).sub;
    expect((await me(await forge({ claims: { sub: otherUserId } }))).body).toEqual(unauthorized);
  });

  it("answers 401 'membership changed' for a token acting in an organization the user is not a member of, or with an older mv", async () => {
    const other = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Org Of Another', email: uniqueEmail('another'), password: 'other1234' },
    });
    const { org: othersOrganization } = decodeJwt(other.body.token as string) as { org: string };
    const changed = { statusCode: 401, message: teamMessages.membershipChanged };
    expect((await me(await forge({ claims: { org: othersOrganization, orgRole: 'owner' } }))).body).toEqual(changed);
    const { mv } = decodeJwt(token) as { mv: number };
    expect(mv).toBeGreaterThan(0);
    expect((await me(await forge({ claims: { mv: mv - 1 } }))).body).toEqual(changed);
    // A forged role does not count either: the answer tells the membership's role as it is.
    expect((await me(await forge({ claims: { orgRole: 'member' } }))).body).toMatchObject({ orgRole: 'owner' });
    // The schema holds: a token without orgRole and mv (as issued before organizations had members) is invalid.
    const legacy = await forge({ claims: { orgRole: undefined, mv: undefined } });
    expect((await me(legacy)).body).toEqual(unauthorized);
  });

  it('signs out: the session row goes, the revocation is announced, and the token is refused', async () => {
    const login = await request(harness().baseUrl, 'POST', '/api/auth/login', {
      body: { email: (await me(token)).body.email, password: 'session123' },
    });
    const second = login.body.token as string;
    const { sid } = decodeJwt(second) as { sid: string };

    const logout = await request(harness().baseUrl, 'POST', '/api/auth/logout', { token: second });
    expect(logout.status).toBe(204);
    expect(await harness().dataSource.query('SELECT 1 FROM sessions WHERE sid = $1', [sid])).toHaveLength(0);
    const [event] = await harness().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'sessionId' = $2`,
      [subjects.sessionRevoked, sid],
    );
    expect(sessionRevokedDataSchema.parse(event.data)).toMatchObject({ sessionId: sid, userId });

    expect((await me(second)).body).toEqual(unauthorized);
    expect((await request(harness().baseUrl, 'POST', '/api/auth/logout', { token: second })).status).toBe(
      401,
    );
    // The first session is another sign-in and still works.
    expect((await me(token)).status).toBe(200);
  });

  it('answers 401 once the session has expired, whatever the token says', async () => {
    const { sid } = decodeJwt(token) as { sid: string };
    await harness().dataSource.query(
      `UPDATE sessions SET expire = now() - interval '1 second' WHERE sid = $1`,
      [sid],
    );
    expect((await me(token)).body).toEqual(unauthorized);
  });
});
