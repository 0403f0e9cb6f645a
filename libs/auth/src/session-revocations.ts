import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AUTH_OPTIONS, type ResolvedAuthOptions } from './auth-options';
import { Listeners } from './listeners';
import { feedStatusOf, ReplayedFeed, type RevocationFeedStatus } from './replayed-feed';

export type { RevocationFeedStatus } from './replayed-feed';

const SWEEP_EVERY_MS = 60_000;

/**
 * Sessions signed out before their tokens expire: `sessionId -> expiresAt`, each forgotten once the
 * session would have expired anyway. With `natsUrl` it follows `portal.sessions.revoked` (and on
 * start-up replays the last `maxTokenLifetimeSeconds` of it before the app serves); without, it
 * knows only what `revoke()` is told in this process.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  private readonly expiries = new Map<string, number>();
  private readonly listeners = new Listeners<string>(this.logger, 'revocation');
  private readonly feed?: ReplayedFeed<'sessionRevoked'>;
  private readonly replayTimeoutMs: number;
  private lastSweep = Date.now();

  constructor(@Inject(AUTH_OPTIONS) options: ResolvedAuthOptions) {
    this.replayTimeoutMs = options.revocationReplayTimeoutMs;
    if (options.natsUrl) {
      this.feed = new ReplayedFeed({
        event: 'sessionRevoked',
        label: 'session revocations',
        natsUrl: options.natsUrl,
        stream: options.revocationStream,
        subject: options.revocationSubject,
        replaySeconds: options.maxTokenLifetimeSeconds,
        onEvent: ({ sessionId, expiresAt }) => this.revoke(sessionId, new Date(expiresAt)),
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

  /** Refuses the session's tokens until `expiresAt`, and tells the `onRevoked` listeners. */
  revoke(sessionId: string, expiresAt: Date): void {
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    const until = expiresAt.getTime();
    if (until <= now) return;
    this.expiries.set(sessionId, Math.max(until, this.expiries.get(sessionId) ?? 0));
    this.listeners.tell(sessionId);
  }

  /**
   * Calls `listener` with the session id of every revocation from now on (those replayed at start-up
   * included), for what a request check cannot end by itself, such as an open stream. Returns the
   * function that stops it.
   */
  onRevoked(listener: (sessionId: string) => void): () => void {
    return this.listeners.add(listener);
  }

  isRevoked(sessionId: string): boolean {
    const until = this.expiries.get(sessionId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.expiries.delete(sessionId);
    return false;
  }

  /** For health checks: whether revocations from other processes are arriving. */
  feedStatus(): RevocationFeedStatus {
    return feedStatusOf(this.feed);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [sessionId, until] of this.expiries) if (until <= now) this.expiries.delete(sessionId);
  }
}
