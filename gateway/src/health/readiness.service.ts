import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PROBE_TIMEOUT_MS as probeTimeoutMs, Readiness } from '@portal/nest-http';
import { connect } from '@nats-io/transport-node';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { GATEWAY_CONFIG } from '../config/config.module';
import type { GatewayConfig } from '../config/env';

type NatsConnection = Awaited<ReturnType<typeof connect>>;

/**
 * The gateway's dependencies in its readiness (ADR 0209): its own PostgreSQL, NATS and Redis, when
 * configured, are required; each service (up while one of its replicas answers its `/health`) is
 * reported only. A service that is down makes its own routes answer 503, not the whole gateway
 * unready: a balancer in front would otherwise take every route away for one service's outage.
 */
@Injectable()
export class ReadinessService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Readiness');
  private pool: Pool | undefined;
  private nats: Promise<NatsConnection> | undefined;
  private redis: Redis | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly readiness: Readiness,
  ) {}

  onModuleInit(): void {
    const { databaseUrl, natsUrl, redisUrl } = this.config;
    if (databaseUrl) this.readiness.addCheck('postgres', () => this.probePostgres(databaseUrl));
    if (natsUrl) this.readiness.addCheck('nats', () => this.probeNats(natsUrl));
    if (redisUrl) this.readiness.addCheck('redis', () => this.probeRedis(redisUrl));
    for (const { name, urls } of Object.values(this.config.upstreams)) {
      // A service with replicas is up while one of them is.
      this.readiness.addCheck(name, () => Promise.any(urls.map((url) => this.probeService(url))), {
        required: false,
      });
    }
  }

  /** Passed to `Readiness.check`: a dependency found down is logged. */
  readonly logDown = (name: string, error: Error): void =>
    this.logger.warn(`${name} is down: ${error.message}`);

  async onModuleDestroy(): Promise<void> {
    const nats = this.nats;
    this.nats = undefined;
    this.redis?.disconnect();
    await Promise.allSettled([this.pool?.end(), nats?.then((connection) => connection.close())]);
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
