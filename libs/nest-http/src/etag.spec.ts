import { ifNoneMatchMatches } from './etag';

describe('If-None-Match', () => {
  const etag = 'W/"abc"';

  it.each(['W/"abc"', '"abc"', '"x", W/"abc"', ' "abc" ', '*'])('%s matches', (header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(true);
  });

  it.each([undefined, '', '"ab"', '"abcd"', 'W/"x", "y"'])('%s does not', (header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(false);
  });
});
