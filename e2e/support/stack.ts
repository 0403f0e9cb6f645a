import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { portPlan } from '@portal/toolkit/port-plan';
import { waitForHttp } from '@portal/toolkit/wait';
import { e2eStripe } from './stripe-keys.mjs';

/** The suite's own ports (the e2e block of the port plan), apart from a developer's `npm start`. */
export const e2ePorts = portPlan.e2e.ports;

const rootDir = path.resolve(__dirname, '../..');
const databaseServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The e2e database of one service, e.g. `e2e_portal_commerce`. */
export const databaseUrl = (service: string) => {
  const url = new URL(databaseServer);
  url.pathname = `/${portPlan.e2e.databasePrefix}_${service}`;
  return url.toString();
};

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
    DATABASE_URL: databaseUrl('commerce'),
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
