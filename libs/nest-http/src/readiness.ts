import { Injectable } from '@nestjs/common';

/** Each dependency gets this long to answer; they are checked in parallel. */
export const PROBE_TIMEOUT_MS = 600;

export interface DependencyCheck {
  status: 'up' | 'down';
  latencyMs: number;
  /** A required dependency that is down makes the process unready; another is only reported. */
  required: boolean;
}

/** What `/readyz` tells on the internal port (and the gateway's `/api/readyz` to its own machine). */
export interface ReadinessReport {
  /** `degraded`: ready, but a dependency that is not required is down. */
  status: 'ok' | 'degraded' | 'unavailable' | 'draining';
  checks: Record<string, DependencyCheck>;
}

/** What anyone else learns: whether the process can serve, not what is behind it. */
export interface PublicReadiness {
  status: 'ok' | 'unavailable';
}

interface Probe {
  name: string;
  /** Resolves when the dependency answers; rejects (or outlasts the timeout) when it does not. */
  probe: () => Promise<unknown>;
  required: boolean;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness of this process (ADR 0209): the probes of its own dependencies, registered by whoever
 * owns them (`addCheck`), run in parallel on each `/readyz`. `markDraining()` is the graceful shutdown's
 * hook: from the SIGTERM on, `/readyz` answers 503 at once, whatever the dependencies say.
 */
@Injectable()
export class Readiness {
  private readonly probes: Probe[] = [];
  private draining = false;

  /** Adds a dependency; `required: false` reports it without failing readiness when it is down. */
  addCheck(name: string, probe: () => Promise<unknown>, { required = true } = {}): void {
    this.probes.push({ name, probe, required });
  }

  /** Readiness fails from now on (SIGTERM: the balancers stop sending before the listener closes). */
  markDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(onDown?: (name: string, error: Error) => void): Promise<ReadinessReport> {
    // Draining answers at once: no probe may hold up the 503 the balancers wait for.
    if (this.draining) return { status: 'draining', checks: {} };
    const results = await Promise.all(
      this.probes.map(async ({ name, probe, required }) => {
        const started = performance.now();
        let status: DependencyCheck['status'] = 'up';
        try {
          await withTimeout(probe(), PROBE_TIMEOUT_MS);
        } catch (error) {
          status = 'down';
          onDown?.(name, error as Error);
        }
        const check: DependencyCheck = {
          status,
          latencyMs: Math.round(performance.now() - started),
          required,
        };
        return [name, check] as const;
      }),
    );
    const checks = Object.fromEntries(results);
    const down = results.filter(([, check]) => check.status === 'down');
    let status: ReadinessReport['status'] = 'ok';
    if (down.some(([, check]) => check.required)) status = 'unavailable';
    else if (down.length > 0) status = 'degraded';
    return { status, checks };
  }
}

/** Whether a report lets the process take traffic: every required dependency up, not draining. */
export const isReady = (report: ReadinessReport) => report.status === 'ok' || report.status === 'degraded';

/** The status-only answer of the main port. */
export const publicReadiness = (report: ReadinessReport): PublicReadiness => ({
  status: isReady(report) ? 'ok' : 'unavailable',
});
