import { randomUUID } from 'node:crypto';
import { sleep } from '@portal/testing';
import { resolveAuthOptions } from './auth-options';
import { SessionRevocations } from './session-revocations';

describe('SessionRevocations without NATS', () => {
  const revocations = () => new SessionRevocations(resolveAuthOptions({ jwksUrl: 'http://127.0.0.1:3101' }));

  it('refuses a revoked session until it would have expired, then forgets it', async () => {
    const store = revocations();
    const sessionId = randomUUID();
    store.revoke(sessionId, new Date(Date.now() + 100));
    expect(store.isRevoked(sessionId)).toBe(true);
    expect(store.isRevoked(randomUUID())).toBe(false);
    await sleep(150);
    expect(store.isRevoked(sessionId)).toBe(false);
  });

  it('ignores a revocation of a session that has already expired', () => {
    const store = revocations();
    const sessionId = randomUUID();
    store.revoke(sessionId, new Date(Date.now() - 1));
    expect(store.isRevoked(sessionId)).toBe(false);
  });

  it('tells its listeners of every live revocation, until they stop listening', () => {
    const store = revocations();
    const heard: string[] = [];
    const stop = store.onRevoked((sessionId) => heard.push(sessionId));
    store.onRevoked(() => {
      throw new Error('a broken listener');
    });
    const [first, lapsed, last] = [randomUUID(), randomUUID(), randomUUID()];
    store.revoke(first, new Date(Date.now() + 60_000));
    store.revoke(lapsed, new Date(Date.now() - 1));
    stop();
    store.revoke(last, new Date(Date.now() + 60_000));
    expect(heard).toEqual([first]);
    expect(store.isRevoked(last)).toBe(true);
  });

  it('keeps the later expiry when a session is revoked twice', () => {
    const store = revocations();
    const sessionId = randomUUID();
    store.revoke(sessionId, new Date(Date.now() + 60_000));
    store.revoke(sessionId, new Date(Date.now() + 1));
    expect(store.isRevoked(sessionId)).toBe(true);
  });
});
