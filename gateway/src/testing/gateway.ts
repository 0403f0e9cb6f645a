import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '../config/env';
import { createGateway, type GatewayOptions } from '../gateway';

export interface RunningGateway {
  url: string;
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * The real gateway on a random port, configured from `env` alone (not the test process's env).
 * Logs are off unless `env.LOG_LEVEL` is given; `logOutput` then receives the JSON lines.
 */
export async function startGateway(
  env: Record<string, string>,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env, PORT: '0', HOST: '127.0.0.1' });
  const app = await createGateway(config, options);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** For tests that each need a gateway of their own: the returned `start(env)` starts one, closed after the test. */
export function gatewayPerTest(): (env: Record<string, string>) => Promise<RunningGateway> {
  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });
  return async (env) => (gateway = await startGateway(env));
}
