import 'reflect-metadata';
import cluster from 'node:cluster';
import { runWorkers } from './cluster';
import { EnvValidationError } from '@portal/config';
import { loadConfig, type GatewayConfig } from './config/env';
import { createGateway } from './gateway';

async function serve(config: GatewayConfig): Promise<void> {
  const app = await createGateway(config);
  await app.listen(config.port, config.host);
  app
    .getHttpAdapter()
    .getInstance()
    .log.info(`gateway listening on ${await app.getUrl()}`);
}

function main(): Promise<void> | void {
  // Read in the primary too, so a bad environment stops everything before any worker starts.
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runWorkers(config.workers);
  return serve(config);
}

Promise.resolve()
  .then(main)
  .catch((error: unknown) => {
    // A bad environment is the operator's to fix: say which variable, without a stack trace.
    console.error(error instanceof EnvValidationError ? error.message : error);
    process.exit(1);
  });
