import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type AuthenticatedUser, SessionRevocations } from '@portal/auth';
import { LIVE_METRICS_OPTIONS, type LiveMetricsOptions } from './metric-feed';

interface OpenStream {
  userId: string;
  sessionId: string;
  close(): void;
}

/**
 * The live streams open in this gateway process: at most `maxStreamsPerUser` for one user, and each
 * closed as soon as its session's revocation (a sign-out anywhere) reaches the gateway.
 */
@Injectable()
export class OpenStreams implements OnModuleInit, OnModuleDestroy {
  private readonly streams = new Set<OpenStream>();
  private stopFollowing?: () => void;

  constructor(
    @Inject(LIVE_METRICS_OPTIONS) private readonly options: LiveMetricsOptions,
    private readonly revocations: SessionRevocations,
  ) {}

  onModuleInit(): void {
    this.stopFollowing = this.revocations.onRevoked((sessionId) => {
      for (const stream of this.streams) if (stream.sessionId === sessionId) stream.close();
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing?.();
  }

  /**
   * Counts a new stream of `user`, to be ended with `close` when its session is revoked; the answer
   * gives the slot back. Null when the user already has `maxStreamsPerUser` open.
   */
  admit(user: AuthenticatedUser, close: () => void): (() => void) | null {
    let open = 0;
    for (const stream of this.streams) if (stream.userId === user.id) open += 1;
    if (open >= this.options.maxStreamsPerUser) return null;
    const stream: OpenStream = { userId: user.id, sessionId: user.sessionId, close };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }
}
