import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  let hasher: PasswordHasher;
  beforeAll(async () => {
    hasher = new PasswordHasher();
    await hasher.onModuleInit();
  });

  it('hashes with argon2id at m=19 MiB, t=2, p=1 and verifies only the right password', async () => {
    const stored = await hasher.hash('engines42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'engines42')).toBe(true);
    expect(await hasher.verify(stored, 'engines43')).toBe(false);
    expect(await hasher.verify(null, 'engines42')).toBe(false);
    expect(await hasher.verify('not a hash', 'engines42')).toBe(false);
  });

  it('keeps the event loop free while a burst of 20 verifications runs', async () => {
    const stored = await hasher.hash('engines42');
    const started = performance.now();
    const timerFired = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 1));
    const results = await Promise.all(Array.from({ length: 20 }, () => hasher.verify(stored, 'engines42')));
    const burstMs = performance.now() - started;
    expect(results.every(Boolean)).toBe(true);
    // Hashing on the loop would hold this 1 ms timer back until the whole burst (~20 x 20 ms) was done.
    expect(await timerFired).toBeLessThan(burstMs / 4);
  });
});
