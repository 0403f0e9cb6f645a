import 'reflect-metadata';
import cluster from 'node:cluster';
import { runWorkers } from './cluster';
import { EnvValidationError } from '@portal/config';
import { closeGracefullyOnSignals, Readiness } from '@portal/nest-http';
import { migrateDatabase } from '@portal/db';
import { loadConfig, type GatewayConfig } from './config/env';
import { createGateway } from './gateway';
import { reportMetricsToPrimary, serveClusterInternalPort, serveInternalPort } from './health/internal-port';
import { gatewayMigrations } from './migrations';

async function serve(config: GatewayConfig): Promise<void> {
  const app = await createGateway(config);
  const log = app.getHttpAdapter().getInstance().log;
  closeGracefullyOnSignals(app, {
    drainMs: config.shutdownDrainMs,
    onDraining: () => app.get(Readiness).markDraining(),
    log: (message) => log.info(message),
  });
  await app.listen(config.port, config.host);
  log.info(`gateway listening on ${await app.getUrl()}`);
  if (cluster.isWorker) reportMetricsToPrimary();
  else if (config.internalPort !== 0) {
    // A taken internal port is logged, not fatal: the site must not go down for its metrics.
    await serveInternalPort(app, config).then(
      (internal) => log.info(`gateway metrics and probes on ${internal.url}`),
      (error: Error) => log.error(`metrics and probes NOT served on INTERNAL_PORT: ${error.message}`),
    );
  }
}

/** A cluster's primary serves the internal port for all its workers (ADR 0209), then runs them. */
async function serveCluster(config: GatewayConfig): Promise<void> {
  if (config.internalPort !== 0) {
    await serveClusterInternalPort(config).then(
      ({ readiness }) => process.once('SIGTERM', () => readiness.markDraining()),
      (error: Error) =>
        console.error(`gateway: metrics and probes NOT served on INTERNAL_PORT: ${error.message}`),
    );
  }
  runWorkers(config.workers);
}

/**
 * The gateway's database (it holds the /v1 rate limit's counts when there is no Redis, and /readyz
 * checks it either way): created and migrated once, by the primary, before any worker serves. A
 * database that does not answer is not a reason to stay down: /v1 is then served uncounted, and
 * /readyz says the database is down.
 */
async function prepareDatabase(config: GatewayConfig): Promise<void> {
  if (!config.databaseUrl) return;
  try {
    await migrateDatabase({
      url: config.databaseUrl,
      entities: [],
      migrations: gatewayMigrations,
      applicationName: 'gateway',
    });
  } catch (error) {
    console.error(`gateway: could not migrate its database: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  // Read in the primary too, so a bad environment stops everything before any worker starts.
  const config = loadConfig();
  if (cluster.isPrimary) await prepareDatabase(config);
  if (config.workers > 1 && cluster.isPrimary) return serveCluster(config);
  return serve(config);
}

Promise.resolve()
  .then(main)
  .catch((error: unknown) => {
    // A bad environment is the operator's to fix: say which variable, without a stack trace.
    console.error(error instanceof EnvValidationError ? error.message : error);
    process.exit(1);
  });
