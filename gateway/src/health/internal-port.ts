import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type InternalListener, listenInternal, Readiness } from '@portal/nest-http';
import { AggregatorRegistry } from 'prom-client';
import type { GatewayConfig } from '../config/env';
import { ReadinessService } from './readiness.service';

/**
 * The internal listener of a gateway that runs in one process (ADR 0209): this process's metrics,
 * and its readiness with the details of its dependencies.
 */
export function serveInternalPort(
  app: NestFastifyApplication,
  config: GatewayConfig,
): Promise<InternalListener> {
  return listenInternal({
    port: config.internalPort,
    host: config.internalHost,
    readiness: app.get(Readiness),
    onDown: app.get(ReadinessService).logDown,
  });
}

/**
 * A worker of a gateway cluster answers its primary's requests for its metrics (prom-client's
 * cluster messages); the primary serves the internal port.
 */
export function reportMetricsToPrimary(): void {
  new AggregatorRegistry();
}

/**
 * The internal listener of a gateway cluster's primary (ADR 0209). The workers share one port, so
 * Prometheus could not pick which one it scrapes: the primary asks every worker for its metrics over
 * the cluster's IPC and answers their sum (histograms and counters add up; `live_streams_open` is
 * the cluster's total). Readiness is checked by the primary itself, on the same dependencies as a
 * worker's, and fails at once on SIGTERM (`markDraining`).
 */
export async function serveClusterInternalPort(
  config: GatewayConfig,
): Promise<{ listener: InternalListener; readiness: Readiness }> {
  const registry = new AggregatorRegistry();
  const readiness = new Readiness();
  const dependencies = new ReadinessService(config, readiness);
  dependencies.onModuleInit();
  const listener = await listenInternal({
    port: config.internalPort,
    host: config.internalHost,
    readiness,
    metrics: () => registry.clusterMetrics(),
    onDown: dependencies.logDown,
  });
  return { listener, readiness };
}
