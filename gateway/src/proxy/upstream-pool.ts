import type { ServiceName, Upstream } from '../routes/route-table';

/** One address of a service (one replica). */
export interface Replica {
  readonly url: string;
  /** Requests sent to it whose response has not ended (least-outstanding balancing). */
  outstanding: number;
  /** False from a failed connection or health check until a health check passes again. */
  healthy: boolean;
}

/** Why a replica was ejected or is back, for the operator's log. */
export type HealthChange = (pool: UpstreamPool, replica: Replica, reason: string) => void;

/**
 * What every service answers 200 while it can take requests: its dependencies reachable and not
 * draining, so a replica stopping (SIGTERM, ADR 0214) leaves the turn before its listener closes.
 */
export const healthPath = '/readyz';

/**
 * The replicas of one service and which of them to send the next request to: the healthy one with
 * the fewest requests in flight, ties taken in turn (so equal load is round-robin). A replica is
 * ejected when a connection to it fails (passive) or its health check does (active, every
 * `intervalMs` once `startHealthChecks` runs), and comes back when a health check passes.
 * A service with one address is never ejected: there is nowhere else to go, and its own failure
 * answers 503 as before.
 */
export class UpstreamPool {
  readonly replicas: readonly Replica[];
  /** More than one replica: balancing, ejection and retries apply. */
  readonly balanced: boolean;
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    readonly name: string,
    urls: readonly string[],
    private readonly onChange: HealthChange = () => undefined,
  ) {
    if (urls.length === 0) throw new Error(`${name}: no upstream address`);
    this.replicas = urls.map((url) => ({ url, outstanding: 0, healthy: true }));
    this.balanced = urls.length > 1;
  }

  /**
   * The replica for a new request, other than `avoid` (the one that just failed it) when given.
   * Without `avoid`, some replica is always answered: when none is healthy, the next in turn (its
   * failure is the client's 503). With `avoid`, undefined when no other replica is healthy.
   */
  pick(avoid?: Replica): Replica | undefined {
    const { replicas } = this;
    if (!this.balanced) return avoid ? undefined : replicas[0];
    const count = replicas.length;
    const start = this.turn;
    this.turn = (start + 1) % count;
    let best: Replica | undefined;
    for (let i = 0; i < count; i++) {
      const replica = replicas[(start + i) % count];
      if (!replica.healthy || replica === avoid) continue;
      if (!best || replica.outstanding < best.outstanding) best = replica;
    }
    return best ?? (avoid ? undefined : replicas[start]);
  }

  /** A connection to `replica` failed (refused, reset, closed, no answer to connect): eject it. */
  connectionFailed(replica: Replica, reason: string): void {
    if (this.balanced) this.setHealth(replica, false, reason);
  }

  /** Checks every replica's health now and every `intervalMs` after (none with one replica or 0 ms). */
  startHealthChecks(intervalMs: number): void {
    if (!this.balanced || intervalMs === 0 || this.timer) return;
    this.timer = setInterval(() => void this.checkHealth(Math.min(intervalMs, 1_000)), intervalMs);
    this.timer.unref();
  }

  stopHealthChecks(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round of health checks (a round still running is not overlapped). */
  async checkHealth(timeoutMs: number): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(
        this.replicas.map(async (replica) => {
          const failure = await healthFailure(replica.url, timeoutMs);
          this.setHealth(replica, failure === undefined, failure ?? 'health check passed');
        }),
      );
    } finally {
      this.checking = false;
    }
  }

  private setHealth(replica: Replica, healthy: boolean, reason: string): void {
    if (replica.healthy === healthy) return;
    replica.healthy = healthy;
    this.onChange(this, replica, reason);
  }
}

export type UpstreamPools = Record<ServiceName, UpstreamPool>;

/** A pool per service of the route table, health-checked every `intervalMs`; stop them with `stopHealthChecks`. */
export function upstreamPools(
  upstreams: Record<ServiceName, Upstream>,
  intervalMs: number,
  onChange: HealthChange,
): UpstreamPools {
  const pools = Object.values(upstreams).map((upstream) => {
    const pool = new UpstreamPool(upstream.name, upstream.urls, onChange);
    pool.startHealthChecks(intervalMs);
    return [upstream.name, pool];
  });
  return Object.fromEntries(pools) as UpstreamPools;
}

/** Why `url`'s health check failed, or undefined when it passed. */
async function healthFailure(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${url}${healthPath}`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? undefined : `${healthPath} answered ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `${healthPath} failed: ${cause?.code ?? (error as Error).message}`;
  }
}
