import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type AuthenticatedUser, MembershipVersions, SessionRevocations } from '@portal/auth';
import { Gauge } from 'prom-client';

export interface LiveStreamsOptions {
  /** Streams one user may hold open at once (in each gateway process), of every kind; the next answers 429. */
  maxStreamsPerUser: number;
}

export const LIVE_STREAMS_OPTIONS = Symbol('LIVE_STREAMS_OPTIONS');

interface OpenStream {
  userId: string;
  sessionId: string;
  /** The organization the stream's token acts in; null for staff, whose streams no membership ends. */
  organizationId: string | null;
  /** The `mv` of the token that opened it. */
  membershipVersion: number;
  close(): void;
}

const counted = new Set<OpenStreams>();

/** Read when Prometheus scrapes (ADR 0209); a cluster's primary sums its workers'. */
new Gauge({
  name: 'live_streams_open',
  help: 'Live streams (KPIs, tickets, the staff queue) open in this gateway process.',
  collect() {
    let open = 0;
    for (const streams of counted) open += streams.size;
    this.set(open);
  },
});

/**
 * The live streams open in this gateway process (KPIs, tickets, the staff queue): at most
 * `maxStreamsPerUser` for one user, and each closed as soon as its session's revocation (a sign-out
 * anywhere) or a later change of its membership (the member re-roled or removed from the
 * organization) reaches the gateway. The page then reconnects with a fresh token, or not at all.
 */
@Injectable()
export class OpenStreams implements OnModuleInit, OnModuleDestroy {
  private readonly streams = new Set<OpenStream>();
  private readonly stopFollowing: (() => void)[] = [];

  constructor(
    @Inject(LIVE_STREAMS_OPTIONS) private readonly options: LiveStreamsOptions,
    private readonly revocations: SessionRevocations,
    private readonly memberships: MembershipVersions,
  ) {}

  /** Streams open now, of every user (`live_streams_open`). */
  get size(): number {
    return this.streams.size;
  }

  onModuleInit(): void {
    counted.add(this);
    this.stopFollowing.push(
      this.revocations.onRevoked((sessionId) => {
        for (const stream of this.streams) if (stream.sessionId === sessionId) stream.close();
      }),
      this.memberships.onChanged(({ organizationId, userId, version }) => {
        for (const stream of this.streams) {
          const ofMember = stream.organizationId === organizationId && stream.userId === userId;
          if (ofMember && stream.membershipVersion < version) stream.close();
        }
      }),
    );
  }

  onModuleDestroy(): void {
    counted.delete(this);
    for (const stop of this.stopFollowing.splice(0)) stop();
  }

  /**
   * Counts a new stream of `user`, to be ended with `close` when its session is revoked or its
   * membership changes; the answer gives the slot back. Null when the user already has
   * `maxStreamsPerUser` open.
   */
  admit(user: AuthenticatedUser, close: () => void): (() => void) | null {
    let open = 0;
    for (const stream of this.streams) if (stream.userId === user.id) open += 1;
    if (open >= this.options.maxStreamsPerUser) return null;
    const stream: OpenStream = {
      userId: user.id,
      sessionId: user.sessionId,
      organizationId: user.organizationId,
      membershipVersion: user.membershipVersion,
      close,
    };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }
}
