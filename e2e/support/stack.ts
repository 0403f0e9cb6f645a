import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** The suite's own ports, apart from a developer's `npm start` on the defaults. */
export const e2ePorts = {
  gateway: port('E2E_GATEWAY_PORT', 18080),
  identity: port('E2E_IDENTITY_PORT', 18101),
  commerce: port('E2E_COMMERCE_PORT', 18102),
  crm: port('E2E_CRM_PORT', 18103),
  support: port('E2E_SUPPORT_PORT', 18104),
  kpi: port('E2E_KPI_PORT', 18105),
  fakeStripe: port('E2E_FAKE_STRIPE_PORT', 18111),
  // A second gateway and commerce without Stripe, for 'Payment System Setup Required'.
  unpaidGateway: port('E2E_UNPAID_GATEWAY_PORT', 18090),
  unpaidCommerce: port('E2E_UNPAID_COMMERCE_PORT', 18092),
};

/** Test-mode Stripe settings shared by the fake Stripe API, commerce and the gateway. */
export const e2eStripe = {
  apiUrl: `http://127.0.0.1:${e2ePorts.fakeStripe}`,
  secretKey: 'sk_test_e2eportal',
  webhookSecret: 'whsec_e2eportal',
  publishableKey: 'pk_test_e2eportal',
};

const rootDir = path.resolve(__dirname, '../..');
const databaseServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (name: string) => {
  const url = new URL(databaseServer);
  url.pathname = `/${name}`;
  return url.toString();
};

async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startProcess(dir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(rootDir, dir),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A second way into the e2e stack where the shop has no Stripe account: its own commerce (no
 * STRIPE_SECRET_KEY, the same database) behind its own gateway, which still tells the page a
 * publishable key so the page does ask the server for a payment. Identity and crm are the suite's.
 */
export async function startStackWithoutStripe(): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const commerce = startProcess('services/commerce', {
    PORT: String(e2ePorts.unpaidCommerce),
    DATABASE_URL: databaseUrl('e2e_portal_commerce'),
    IDENTITY_URL: `http://127.0.0.1:${e2ePorts.identity}`,
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
  });
  const gateway = startProcess('gateway', {
    PORT: String(e2ePorts.unpaidGateway),
    IDENTITY_URL: `http://127.0.0.1:${e2ePorts.identity}`,
    CRM_URL: `http://127.0.0.1:${e2ePorts.crm}`,
    SUPPORT_URL: `http://127.0.0.1:${e2ePorts.support}`,
    KPI_URL: `http://127.0.0.1:${e2ePorts.kpi}`,
    COMMERCE_URL: `http://127.0.0.1:${e2ePorts.unpaidCommerce}`,
    STRIPE_PUBLISHABLE_KEY: e2eStripe.publishableKey,
  });
  const stopBoth = () => Promise.all([stop(gateway), stop(commerce)]).then(() => undefined);
  try {
    await waitForHttp(`http://127.0.0.1:${e2ePorts.unpaidCommerce}/health`);
    await waitForHttp(`http://127.0.0.1:${e2ePorts.unpaidGateway}/api/healthz`);
  } catch (error) {
    await stopBoth();
    throw error;
  }
  return { baseURL: `http://127.0.0.1:${e2ePorts.unpaidGateway}`, stop: stopBoth };
}
