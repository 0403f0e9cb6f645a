import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config/env';
import { noCache } from './cache-control';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/**
 * `/runtime-config.json`: what the front end reads at run time from the gateway's environment (the
 * scheduling widget's URL, Stripe's publishable key), so a deployment changes it without rebuilding the shell. Revalidated on
 * every load, like `/mfe-manifest.json`.
 */
export async function runtimeConfig(app: FastifyInstance, { config }: { config: GatewayConfig }) {
  const body = JSON.stringify(config.runtime);
  app.get(RUNTIME_CONFIG_PATH, (_request, reply) =>
    reply.header('cache-control', noCache).type('application/json; charset=utf-8').send(body),
  );
}
