import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { MembershipChangedData } from '@portal/contracts';
import { AUTH_OPTIONS, type ResolvedAuthOptions } from './auth-options';
import type { AuthenticatedUser } from './authenticated-user';
import { Listeners } from './listeners';
import { feedStatusOf, ReplayedFeed, type RevocationFeedStatus } from './replayed-feed';

const SWEEP_EVERY_MS = 60_000;

/** What a membership change says to a service: tokens of the member below `version` are stale. */
export type MembershipChange = Pick<
  MembershipChangedData,
  'organizationId' | 'userId' | 'version' | 'changedAt'
>;

interface Known {
  version: number;
  /** Until then a token issued before the change may still be presented (changedAt + max lifetime). */
  until: number;
}

/** Who a token speaks for, as far as its membership goes. */
export type TokenMembership = Pick<AuthenticatedUser, 'id' | 'organizationId' | 'membershipVersion'>;

const keyOf = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

/**
 * The highest membership version seen per (organization, user): a token whose `mv` is lower was
 * issued before the member's role changed or the member was removed, and is refused (ADR 0181).
 * Identity takes every version from one sequence and publishes `portal.memberships.changed` with it.
 * With `natsUrl` this follows that subject (and on start-up replays the last
 * `maxTokenLifetimeSeconds` of it before the app serves); without, it knows only what `record()` is
 * told in this process. An entry is forgotten `maxTokenLifetimeSeconds` after its change: every
 * token issued before the change has expired by then.
 */
@Injectable()
export class MembershipVersions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MembershipVersions.name);
  private readonly versions = new Map<string, Known>();
  private readonly listeners = new Listeners<MembershipChange>(this.logger, 'membership change');
  private readonly feed?: ReplayedFeed<'membershipChanged'>;
  private readonly replayTimeoutMs: number;
  private readonly lifetimeMs: number;
  private lastSweep = Date.now();

  constructor(@Inject(AUTH_OPTIONS) options: ResolvedAuthOptions) {
    this.replayTimeoutMs = options.revocationReplayTimeoutMs;
    this.lifetimeMs = options.maxTokenLifetimeSeconds * 1000;
    if (options.natsUrl) {
      this.feed = new ReplayedFeed({
        event: 'membershipChanged',
        label: 'membership changes',
        natsUrl: options.natsUrl,
        stream: options.revocationStream,
        subject: options.membershipSubject,
        replaySeconds: options.maxTokenLifetimeSeconds,
        onEvent: (change) => this.record(change),
        logger: this.logger,
      });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.feed?.startAndAwaitReplay(this.replayTimeoutMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed?.stop();
  }

  /**
   * Refuses the member's tokens below `change.version` from now on and tells the `onChanged`
   * listeners. A change older than the longest token lifetime is ignored: no token predating it lives.
   */
  record(change: MembershipChange): void {
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    const until = new Date(change.changedAt).getTime() + this.lifetimeMs;
    if (!(until > now)) return;
    const key = keyOf(change.organizationId, change.userId);
    const known = this.versions.get(key);
    this.versions.set(key, {
      version: Math.max(change.version, known?.version ?? 0),
      until: Math.max(until, known?.until ?? 0),
    });
    this.listeners.tell(change);
  }

  /**
   * Calls `listener` with every membership change from now on (those replayed at start-up
   * included), for what a request check cannot end by itself, such as an open stream: it ends what
   * was opened with a `membershipVersion` below `change.version`. Returns the function that stops it.
   */
  onChanged(listener: (change: MembershipChange) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Whether the token was issued before a later change of its membership (role changed, removed). */
  isStale(user: TokenMembership): boolean {
    if (!user.organizationId) return false;
    const key = keyOf(user.organizationId, user.id);
    const known = this.versions.get(key);
    if (!known) return false;
    if (known.until <= Date.now()) {
      this.versions.delete(key);
      return false;
    }
    return user.membershipVersion < known.version;
  }

  /** For health checks: whether membership changes from other processes are arriving. */
  feedStatus(): RevocationFeedStatus {
    return feedStatusOf(this.feed);
  }

  /** Members with a change still remembered, for tests of the memory bound. */
  size(): number {
    return this.versions.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, known] of this.versions) if (known.until <= now) this.versions.delete(key);
  }
}
