import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { GATEWAY_CONFIG } from '../config/config.module';
import type { GatewayConfig } from '../config/env';

type NatsConnection = Awaited<ReturnType<typeof connect>>;

/** Each dependency gets this long to answer; they are checked in parallel. */
export const probeTimeoutMs = 600;

export interface DependencyCheck {
  status: 'up' | 'down';
  latencyMs: number;
}

export interface Readiness {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyCheck>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

@Injectable()
export class ReadinessService implements OnModuleDestroy {
  private readonly logger = new Logger('Readiness');
  private pool: Pool | undefined;
  private nats: Promise<NatsConnection> | undefined;
  private redis: Redis | undefined;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async check(): Promise<Readiness> {
    const probes: [string, () => Promise<unknown>][] = [];
    for (const { name, urls } of Object.values(this.config.upstreams)) {
      // A service with replicas is up while one of them is.
      probes.push([name, () => Promise.any(urls.map((url) => this.probeService(url)))]);
    }
    const { databaseUrl, natsUrl, redisUrl } = this.config;
    if (databaseUrl) probes.push(['postgres', () => this.probePostgres(databaseUrl)]);
    if (natsUrl) probes.push(['nats', () => this.probeNats(natsUrl)]);
    if (redisUrl) probes.push(['redis', () => this.probeRedis(redisUrl)]);

    const results = await Promise.all(
      probes.map(async ([name, probe]) => [name, await this.run(name, probe)]),
    );
    const checks: Record<string, DependencyCheck> = Object.fromEntries(results);
    const allUp = Object.values(checks).every((check) => check.status === 'up');
    return { status: allUp ? 'ok' : 'degraded', checks };
  }

  async onModuleDestroy(): Promise<void> {
    const nats = this.nats;
    this.nats = undefined;
    this.redis?.disconnect();
    await Promise.allSettled([this.pool?.end(), nats?.then((connection) => connection.close())]);
  }

  private async run(name: string, probe: () => Promise<unknown>): Promise<DependencyCheck> {
    const started = performance.now();
    let status: DependencyCheck['status'] = 'up';
    try {
      await withTimeout(probe(), probeTimeoutMs);
    } catch (error) {
      status = 'down';
      this.logger.warn(`${name} is down: ${(error as Error).message}`);
    }
    return { status, latencyMs: Math.round(performance.now() - started) };
  }

  private async probeService(url: string): Promise<void> {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(probeTimeoutMs) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`/health answered ${response.status}`);
  }

  private async probePostgres(databaseUrl: string): Promise<void> {
    if (!this.pool) {
      this.pool = new Pool({
        connectionString: databaseUrl,
        max: 1,
        connectionTimeoutMillis: probeTimeoutMs,
        query_timeout: probeTimeoutMs,
        idleTimeoutMillis: 30_000,
        allowExitOnIdle: true,
      });
      // An idle connection dropped by the server must not crash the gateway; the next probe reconnects.
      this.pool.on('error', (error) => this.logger.warn(`postgres connection lost: ${error.message}`));
    }
    await this.pool.query('select 1');
  }

  /** One Redis connection (the /v1 counts), opened on the first probe and kept (it reconnects by itself). */
  private async probeRedis(redisUrl: string): Promise<void> {
    if (!this.redis) {
      this.redis = new Redis(redisUrl, { commandTimeout: probeTimeoutMs, maxRetriesPerRequest: 0 });
      this.redis.on('error', () => undefined);
    }
    await this.redis.ping();
  }

  /** One NATS connection, opened on the first probe and kept (it reconnects by itself). */
  private async probeNats(natsUrl: string): Promise<void> {
    if (!this.nats) {
      const attempt = connect({
        servers: natsUrl,
        name: 'gateway-readiness',
        timeout: probeTimeoutMs,
        reconnect: true,
        maxReconnectAttempts: -1,
      });
      this.nats = attempt;
      attempt.catch(() => {
        if (this.nats === attempt) this.nats = undefined;
      });
    }
    const connection = await this.nats;
    if (connection.isClosed()) {
      this.nats = undefined;
      throw new Error('connection closed');
    }
    await connection.rtt();
  }
}
