import type { DynamicModule } from '@nestjs/common';
import type { ServiceConfig } from '@portal/config';
import { type DataSourceConfig, migrateDatabase } from '@portal/db';
import { closeGracefullyOnSignals, createServiceApp, listenInternal, Readiness } from '@portal/nest-http';

export interface ServiceBootstrap<Config extends ServiceConfig> {
  /** The service's name, on every log line. */
  name: string;
  /** Reads and validates the environment; a bad or missing variable stops the process naming it. */
  loadConfig: () => Config;
  /** The service's database for that config's `DATABASE_URL`. */
  database: (url: string) => DataSourceConfig;
  /** The service's root module (`serviceRootModule`), built for that config with `forRoot`. */
  rootModule: { forRoot(config: NoInfer<Config>): DynamicModule };
}

/**
 * A service's `main`: reads its config, creates its database if missing and applies the pending
 * migrations before the app accepts traffic (with `--migrate-only` in `argv`, only that, and returns),
 * then serves the root module with the conventions of
 * `createServiceApp` (JSON logs and errors, request ids, trusted proxies) on `HOST:PORT` and its
 * internal listener (`/metrics`, `/livez`, `/readyz` with details) on `INTERNAL_HOST:INTERNAL_PORT`,
 * and stops it gracefully on SIGTERM (`closeGracefullyOnSignals`), readiness failing at once. A failure on the way is printed and ends the
 * process with exit code 1.
 */
export async function bootstrapService<Config extends ServiceConfig>(
  service: ServiceBootstrap<Config>,
  argv: readonly string[] = process.argv,
): Promise<void> {
  try {
    const config = service.loadConfig();
    await migrateDatabase(service.database(config.databaseUrl));
    // `--migrate-only`: a deployment's migration step (ADR 0207), before the new replicas start.
    if (argv.includes('--migrate-only')) {
      console.log(`${service.name}: migrations applied`);
      return;
    }
    const app = await createServiceApp(service.rootModule.forRoot(config), {
      name: service.name,
      logLevel: config.logLevel,
      trustProxy: config.trustedProxies,
    });
    const log = app.getHttpAdapter().getInstance().log;
    const readiness = app.get(Readiness);
    closeGracefullyOnSignals(app, {
      drainMs: config.shutdownDrainMs,
      onDraining: () => readiness.markDraining(),
      log: (message) => log.info(message),
    });
    await app.listen(config.port, config.host);
    if (config.internalPort !== 0) {
      // A taken internal port is logged, not fatal: the service's clients must not pay for its metrics.
      await listenInternal({
        port: config.internalPort,
        host: config.internalHost,
        readiness,
        onDown: (name, error) => log.warn(`readiness: ${name} is down: ${error.message}`),
      }).then(
        (internal) => log.info(`metrics and probes on ${internal.url}`),
        (error: Error) => log.error(`metrics and probes NOT served on INTERNAL_PORT: ${error.message}`),
      );
    }
  } catch (error) {
    console.error(`${service.name} failed to start:`, error);
    process.exit(1);
  }
}
