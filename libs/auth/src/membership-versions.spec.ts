import { randomUUID } from 'node:crypto';
import { resolveAuthOptions } from './auth-options';
import { type MembershipChange, MembershipVersions } from './membership-versions';

describe('MembershipVersions without NATS', () => {
  const lifetimeSeconds = 60;
  const store = () =>
    new MembershipVersions(
      resolveAuthOptions({ jwksUrl: 'http://127.0.0.1:3101', maxTokenLifetimeSeconds: lifetimeSeconds }),
    );
  const member = (membershipVersion: number, organizationId = randomUUID(), id = randomUUID()) => ({
    id,
    organizationId,
    membershipVersion,
  });
  const changeOf = (
    user: { id: string; organizationId: string },
    version: number,
    changedAt = new Date(),
  ): MembershipChange => ({
    organizationId: user.organizationId,
    userId: user.id,
    version,
    changedAt: changedAt.toISOString(),
  });

  afterEach(() => jest.useRealTimers());

  it("finds a token stale when its version is below the member's last change, and only then", () => {
    const versions = store();
    const ann = member(3);
    expect(versions.isStale(ann)).toBe(false);
    versions.record(changeOf(ann, 3));
    expect(versions.isStale(ann)).toBe(false);
    versions.record(changeOf(ann, 5));
    expect(versions.isStale(ann)).toBe(true);
    expect(versions.isStale({ ...ann, membershipVersion: 5 })).toBe(false);
    expect(versions.isStale({ ...ann, membershipVersion: 6 })).toBe(false);
    // The same user in another organization, another user in the same one, a token without one.
    expect(versions.isStale({ ...ann, organizationId: randomUUID() })).toBe(false);
    expect(versions.isStale({ ...ann, id: randomUUID() })).toBe(false);
    expect(versions.isStale({ ...ann, organizationId: null })).toBe(false);
  });

  it('keeps the highest version when changes arrive out of order', () => {
    const versions = store();
    const bob = member(4);
    versions.record(changeOf(bob, 8));
    versions.record(changeOf(bob, 6));
    expect(versions.isStale({ ...bob, membershipVersion: 7 })).toBe(true);
  });

  it('forgets a change once every token issued before it has expired, and ignores one already that old', () => {
    jest.useFakeTimers({ now: Date.now() });
    const versions = store();
    const cal = member(1);
    versions.record(changeOf(cal, 2));
    const lapsed = member(1);
    versions.record(changeOf(lapsed, 2, new Date(Date.now() - lifetimeSeconds * 1000 - 1)));
    expect(versions.isStale(lapsed)).toBe(false);
    expect(versions.size()).toBe(1);
    jest.advanceTimersByTime(lifetimeSeconds * 1000 - 1);
    expect(versions.isStale(cal)).toBe(true);
    jest.advanceTimersByTime(2);
    expect(versions.isStale(cal)).toBe(false);
    expect(versions.size()).toBe(0);
  });

  it('sweeps expired changes as new ones arrive, so the memory stays bounded', () => {
    jest.useFakeTimers({ now: Date.now() });
    const versions = store();
    for (let i = 0; i < 100; i += 1) versions.record(changeOf(member(1), 2));
    expect(versions.size()).toBe(100);
    jest.advanceTimersByTime(lifetimeSeconds * 1000 + 1);
    versions.record(changeOf(member(1), 2));
    expect(versions.size()).toBe(1);
  });

  it('tells its listeners of every change, until they stop listening', () => {
    const versions = store();
    const heard: MembershipChange[] = [];
    const stop = versions.onChanged((change) => heard.push(change));
    versions.onChanged(() => {
      throw new Error('a broken listener');
    });
    const [first, last] = [changeOf(member(1), 2), changeOf(member(1), 3)];
    versions.record(first);
    stop();
    versions.record(last);
    expect(heard).toEqual([first]);
  });
});
