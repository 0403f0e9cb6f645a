#!/usr/bin/env node
// A gateway a benchmark starts beside the bench stack's (`startBenchGateway`): the built gateway,
// configured from this environment like any gateway, with what no environment variable can ask for:
// `--uncounted` counts no /v1 request (`v1RateLimit: null`, v1-api.mjs's baseline), `--uninstrumented`
// has no metrics or traces (observability-overhead.mjs's baseline). It prints `listening <url>` once
// it serves.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { portPlan } from '@portal/toolkit/port-plan';
import { rootDir } from '@portal/toolkit/stack';

/**
 * Starts one on `port` in front of the bench stack's services, with `flags` and `env` added;
 * answers its `url`, `pid` and `stop`.
 * @param {number} port
 * @param {{ flags?: string[], env?: Record<string, string> }} [options]
 */
export async function startBenchGateway(port, { flags = [], env = {} } = {}) {
  const { ports } = portPlan.bench;
  const child = spawn(process.execPath, [path.join(rootDir, 'tools/bench/bench-gateway.mjs'), ...flags], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      INTERNAL_PORT: '0',
      IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
      COMMERCE_URL: `http://127.0.0.1:${ports.commerce}`,
      CRM_URL: `http://127.0.0.1:${ports.crm}`,
      SUPPORT_URL: `http://127.0.0.1:${ports.support}`,
      KPI_URL: `http://127.0.0.1:${ports.kpi}`,
      DATABASE_URL: '',
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a bench gateway exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\S+)/.exec(String(chunk));
      if (match) resolve(match[1].replace('[::1]', '127.0.0.1'));
    });
  });
  /** @type {Promise<unknown>} */
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    /** SIGTERM; resolves once it has exited (its last spans sent). */
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const require = createRequire(import.meta.url);
  const { createGateway } = require(path.join(rootDir, 'gateway/dist/gateway.js'));
  const { loadConfig } = require(path.join(rootDir, 'gateway/dist/config/env.js'));

  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const app = await createGateway(config, {
    ...(process.argv.includes('--uncounted') && { v1RateLimit: null }),
    instrumented: !process.argv.includes('--uninstrumented'),
  });
  await app.listen(config.port, config.host);
  console.log(`listening ${await app.getUrl()}`);
  for (const signal of ['SIGTERM', 'SIGINT'])
    process.once(signal, () => void app.close().then(() => process.exit(0)));
}
