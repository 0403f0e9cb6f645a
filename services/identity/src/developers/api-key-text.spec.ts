import { createHash } from 'node:crypto';
import { apiKeyTextPattern } from '@portal/contracts';
import { apiKeyHash, apiKeyVisiblePrefix, isApiKeyText, newApiKeyText, randomBase62 } from './api-key-text';

describe('API key text', () => {
  it('is mcx_live_ and 40 base62 characters, a new one every time', () => {
    const keys = Array.from({ length: 200 }, newApiKeyText);
    for (const key of keys) {
      expect(key).toMatch(apiKeyTextPattern);
      expect(isApiKeyText(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect(apiKeyVisiblePrefix(keys[0])).toBe(keys[0].slice(0, 15));
  });

  it('draws every base62 character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const text = randomBase62(62 * 2_000);
    expect(text).toHaveLength(62 * 2_000);
    for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Modulo 62 of raw bytes would give the first 8 characters 5/4 of the others' share (2,500 vs 2,000).
    for (const count of counts.values()) expect(Math.abs(count - 2_000)).toBeLessThan(250);
  });

  it('is kept as the SHA-256 of its whole text', () => {
    const key = newApiKeyText();
    expect(apiKeyHash(key)).toEqual(createHash('sha256').update(key).digest());
    expect(apiKeyHash(key)).toHaveLength(32);
    expect(isApiKeyText(`${key} `)).toBe(false);
    expect(isApiKeyText(undefined)).toBe(false);
  });
});
