import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AUTH_OPTIONS, type ResolvedAuthOptions } from './auth-options';
import { RevocationFeed } from './revocation-feed';

export type RevocationFeedStatus = 'up' | 'down' | 'not-configured';

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
  private readonly listeners = new Set<(sessionId: string) => void>();
  private readonly feed?: RevocationFeed;
  private readonly replayTimeoutMs: number;
  private lastSweep = Date.now();

  constructor(@Inject(AUTH_OPTIONS) options: ResolvedAuthOptions) {
    this.replayTimeoutMs = options.revocationReplayTimeoutMs;
    if (options.natsUrl) {
      this.feed = new RevocationFeed({
        natsUrl: options.natsUrl,
        stream: options.revocationStream,
        subject: options.revocationSubject,
        replaySeconds: options.maxTokenLifetimeSeconds,
        onRevoked: ({ sessionId, expiresAt }) => this.revoke(sessionId, new Date(expiresAt)),
        logger: this.logger,
      });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.feed) return;
    this.feed.start();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.replayTimeoutMs);
    });
    const late = await Promise.race([this.feed.settled().then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) this.logger.warn('Serving before every earlier session revocation was read');
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
    for (const listener of this.listeners) {
      try {
        listener(sessionId);
      } catch (error) {
        this.logger.error(`A revocation listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /**
   * Calls `listener` with the session id of every revocation from now on (those replayed at start-up
   * included), for what a request check cannot end by itself, such as an open stream. Returns the
   * function that stops it.
   */
  onRevoked(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    if (!this.feed) return 'not-configured';
    return this.feed.isConnected() ? 'up' : 'down';
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [sessionId, until] of this.expiries) if (until <= now) this.expiries.delete(sessionId);
  }
}
