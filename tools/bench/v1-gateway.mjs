#!/usr/bin/env node
// A gateway of the /v1 benchmark (v1-api.mjs): the built gateway, configured from this environment like
// any gateway; with `--uncounted` it counts no /v1 request (`v1RateLimit: null`, which no environment
// variable can set), the benchmark's baseline. It prints `listening <url>` once it serves.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rootDir } from '@portal/toolkit/stack';

const require = createRequire(import.meta.url);
const { createGateway } = require(path.join(rootDir, 'gateway/dist/gateway.js'));
const { loadConfig } = require(path.join(rootDir, 'gateway/dist/config/env.js'));

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const uncounted = process.argv.includes('--uncounted');
const app = await createGateway(config, uncounted ? { v1RateLimit: null } : {});
await app.listen(config.port, config.host);
console.log(`listening ${await app.getUrl()}`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => void app.close().then(() => process.exit(0)));
