// The whole portal as `npm start` runs it (tools/runner), on the ports and database prefix kept for
// the security suite, with every line every process writes kept for the checks that read logs.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const runner = path.join(rootDir, 'tools/runner/src/start.mjs');

export const databaseServerUrl =
  process.env.SECURITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const natsUrl = process.env.SECURITY_NATS_URL ?? 'nats://127.0.0.1:4222';
export const databasePrefix = 'security_portal';

export const ports = {
  gateway: 17080,
  identity: 17101,
  commerce: 17102,
  crm: 17103,
  support: 17104,
  kpi: 17105,
};
export const serviceNames = ['identity', 'commerce', 'crm', 'support', 'kpi'];

/** The database of `service` in the suite's stack, e.g. `security_portal_crm`. */
export const databaseOf = (service) => `${databasePrefix}_${service}`;
export const databaseUrlOf = (service) => {
  const url = new URL(databaseServerUrl);
  url.pathname = `/${databaseOf(service)}`;
  return url.toString();
};

const fakeStripeModule = path.join(rootDir, 'libs/testing/dist/fake-stripe/fake-stripe.js');

/**
 * Starts the stack and resolves once the runner prints 'Portal ready'. The suite makes its own token
 * signing key (so it can sign tokens with the right key and wrong claims), crm encryption key and staff
 * account, and points commerce at an in-process fake Stripe API. Limits meant for people (sign-ups,
 * failed logins, contact and newsletter per address) are lifted: every request here comes from 127.0.0.1.
 */
export async function startSecurityStack({ env = {} } = {}) {
  const startedAt = performance.now();
  const runId = randomBytes(4).toString('hex');
  const signingKeyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  const staff = { email: `security-staff-${runId}@example.com`, password: `staff-${runId}-password-1` };
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const { startFakeStripe } = await import(pathToFileURL(fakeStripeModule).href);
  const fakeStripe = await startFakeStripe({ port: 0, webhookSecret });
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  fakeStripe.webhookUrl = `${gatewayUrl}/api/stripe/webhook`;

  const logFile = path.join(os.tmpdir(), `security-stack-${runId}.log`);
  const logStream = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [runner], {
    cwd: rootDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseServerUrl,
      NATS_URL: natsUrl,
      PORTAL_DB_PREFIX: databasePrefix,
      SEED_DEMO_DATA: 'false',
      GATEWAY_PORT: String(ports.gateway),
      IDENTITY_PORT: String(ports.identity),
      COMMERCE_PORT: String(ports.commerce),
      CRM_PORT: String(ports.crm),
      SUPPORT_PORT: String(ports.support),
      KPI_PORT: String(ports.kpi),
      PUBLIC_SITE_URL: `http://localhost:${ports.gateway}`,
      JWT_SIGNING_KEY: signingKeyPem,
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      STRIPE_SECRET_KEY: 'sk_test_securitysuite',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fakeStripe.url,
      AUTH_REGISTER_LIMIT_PER_HOUR: '1000000',
      AUTH_LOGIN_FAILURE_LIMIT: '1000000',
      CONTACT_LIMIT_PER_10_MINUTES: '1000000',
      NEWSLETTER_LIMIT_PER_10_MINUTES: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks = [];
  const keep = (chunk) => {
    chunks.push(chunk.toString());
    logStream.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const output = () => chunks.join('');

  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const ready = new Promise((resolve) => {
    const poll = setInterval(() => {
      if (/Portal ready at /.test(output())) {
        clearInterval(poll);
        resolve();
      }
    }, 100);
    exit.then(() => clearInterval(poll));
  });
  const outcome = await Promise.race([ready.then(() => 'ready'), exit.then(() => 'exited')]);
  if (outcome !== 'ready') {
    await fakeStripe.close();
    throw new Error(`the runner exited before 'Portal ready' (log: ${logFile}):\n${output().slice(-4000)}`);
  }

  let stopped;
  return {
    url: gatewayUrl,
    serviceUrls: Object.fromEntries(serviceNames.map((name) => [name, `http://127.0.0.1:${ports[name]}`])),
    signingKeyPem,
    staff,
    fakeStripe,
    logFile,
    readyMs: performance.now() - startedAt,
    /** Everything the runner and every process of the stack wrote so far. */
    output,
    get running() {
      return !exited;
    },
    /** Ctrl-C to the runner (it stops every child), then the fake Stripe API. Once, however often called. */
    stop() {
      stopped ??= (async () => {
        if (!exited) {
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.kill('SIGINT');
          await exit;
          clearTimeout(timer);
        }
        await fakeStripe.close();
        await new Promise((resolve) => logStream.end(resolve));
      })();
      return stopped;
    },
  };
}
