import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  let now = Date.parse('2026-11-26T12:00:00Z');
  const at = (seconds: number) => Math.floor(now / 1000) + seconds;
  let tokens: VerifiedTokens;
  beforeEach(() => {
    now = Date.parse('2026-11-26T12:00:00Z');
    tokens = new VerifiedTokens(() => now);
  });

  it('answers the payload of the exact token it verified, and nothing for another', () => {
    const payload = { sub: 'a', exp: at(900) };
    tokens.remember('token-a', payload);
    expect(tokens.get('token-a')).toBe(payload);
    expect(tokens.get('token-a ')).toBeUndefined();
    expect(tokens.get('token-b')).toBeUndefined();
  });

  it('trusts a verification for one minute at most', () => {
    tokens.remember('token', { exp: at(900) });
    now += 59_999;
    expect(tokens.get('token')).toBeDefined();
    now += 1;
    expect(tokens.get('token')).toBeUndefined();
  });

  it('forgets a token when it expires, as jsonwebtoken reads exp (expired from that second on)', () => {
    tokens.remember('token', { exp: at(10) });
    now = at(10) * 1000 - 1;
    expect(tokens.get('token')).toBeDefined();
    now += 1;
    expect(tokens.get('token')).toBeUndefined();
  });

  it('keeps no token without a numeric exp, nor one already expired', () => {
    tokens.remember('no-exp', { sub: 'a' });
    tokens.remember('text-exp', { exp: String(at(900)) });
    tokens.remember('expired', { exp: at(-1) });
    expect(tokens.get('no-exp')).toBeUndefined();
    expect(tokens.get('text-exp')).toBeUndefined();
    expect(tokens.get('expired')).toBeUndefined();
  });

  it('holds at most 10,000 tokens, dropping the oldest first', () => {
    for (let i = 0; i < 10_001; i += 1) tokens.remember(`token-${i}`, { exp: at(900) });
    expect(tokens.get('token-0')).toBeUndefined();
    expect(tokens.get('token-1')).toBeDefined();
    expect(tokens.get('token-10000')).toBeDefined();
  });
});
