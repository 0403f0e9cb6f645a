// The whole portal as `npm start` runs it (tools/runner), for the suites and benchmarks that need it:
// `startSuiteStack` starts it on a suite's block of the port plan, with its databases and, when asked,
// a fake Stripe API in this process; `startRunner` is the runner itself, for what measures it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSigningKeyPem } from '@portal/runner/local-keys';
import { portEnv, portPlan } from './port-plan.mjs';
import { startProcess } from './processes.mjs';

export { generateSigningKeyPem };

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runnerScript = path.join(rootDir, 'tools/runner/src/start.mjs');
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} RunnerOptions
 * @property {Record<string, string>} [env] over this process's environment
 * @property {number} [keepOutput] characters of output kept for output() (Infinity: all of it)
 * @property {string} [logFile] where all of the output goes as well
 * @property {boolean} [echo] the output on stderr too
 * @property {number} [killAfterMs] SIGKILL this long after stop()'s Ctrl-C (default: never)
 * @property {() => unknown} [cleanup] runs once the runner has ended
 *
 * @typedef {object} RunningStack
 * @property {string} url the gateway's address the runner printed
 * @property {number} readyMs from the start to 'Portal ready'
 * @property {() => string} output what the runner and every process of the stack printed so far
 * @property {boolean} running
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => Promise<{ code: number | null, signal: NodeJS.Signals | null, stopMs: number }>} stop
 */

/**
 * Starts the runner with `env` over this process's environment and resolves once it prints 'Portal
 * ready at <url>': { url, readyMs, output(), running, exited, stop() }. What it prints: the last
 * `keepOutput` characters in output() (Infinity: all of it), all of it in `logFile` when one is named,
 * on stderr when `echo`. stop() is Ctrl-C (SIGINT: the runner stops every process of the stack), with
 * SIGKILL after `killAfterMs` (default: none); it resolves { code, signal, stopMs }, once however
 * often it is called. `cleanup` (say, closing a fake API the stack calls) runs once the runner has
 * ended: at the end of stop(), or before the error when it exits without getting ready.
 * @param {RunnerOptions} [options]
 * @returns {Promise<RunningStack>}
 */
export async function startRunner({
  env = {},
  keepOutput,
  logFile,
  echo = false,
  killAfterMs = Infinity,
  cleanup,
} = {}) {
  const startedAt = performance.now();
  const runner = startProcess({
    name: 'runner',
    command: process.execPath,
    args: [runnerScript],
    cwd: rootDir,
    env,
    keepOutput,
    logFile,
    echo,
    // Ctrl-C reaches the runner from the terminal and it stops its children; a SIGKILL would orphan them.
    reap: false,
  });
  const ready = runner.waitForOutput(/Portal ready at (\S+)/, Infinity);
  ready.catch(() => undefined); // an exit before it is reported below
  const match = await Promise.race([ready, runner.exited.then(() => undefined)]);
  if (!match) {
    const { code, signal } = await runner.exited;
    await Promise.race([runner.closed, sleep(1000)]);
    await cleanup?.();
    throw new Error(
      `the runner exited (${signal ?? `code ${code}`}) before 'Portal ready'${logFile ? ` (log: ${logFile})` : ''}:\n` +
        runner.output().slice(-4000),
    );
  }

  let stopped;
  return {
    url: match[1],
    readyMs: performance.now() - startedAt,
    /** What the runner and every process of the stack printed so far (see `keepOutput`). */
    output: runner.output,
    get running() {
      return runner.alive;
    },
    exited: runner.exited,
    stop() {
      stopped ??= (async () => {
        const stopAt = performance.now();
        const { code, signal } = await runner.stop({ signal: 'SIGINT', graceMs: killAfterMs });
        const stopMs = performance.now() - stopAt;
        // The log file is complete once the output has ended (bounded: a grandchild may hold the pipe).
        if (logFile) await Promise.race([runner.closed, sleep(5000)]);
        await cleanup?.();
        return { code, signal, stopMs };
      })();
      return stopped;
    },
  };
}

/**
 * The fake Stripe API of @portal/testing (built), in this process.
 * @param {import('@portal/testing/fake-stripe').FakeStripeOptions} options
 */
export async function startFakeStripe(options) {
  const require = createRequire(import.meta.url);
  /** @type {typeof import('@portal/testing/fake-stripe')} */
  let fakeStripe;
  try {
    fakeStripe = require('@portal/testing/fake-stripe');
  } catch (error) {
    throw new Error('the fake Stripe API is not built: npx nx build @portal/testing', { cause: error });
  }
  return fakeStripe.startFakeStripe(options);
}

/**
 * @typedef {object} StripeSettings test-mode Stripe of a suite: commerce's secret key, the webhooks'
 *   signing secret and, when the page should load Stripe.js, a publishable key
 * @property {string} secretKey
 * @property {string} webhookSecret
 * @property {string} [publishableKey]
 *
 * @typedef {RunningStack & {
 *   localhostUrl: string,
 *   ports: import('./port-plan.mjs').SuitePlan['ports'],
 *   databasePrefix: string,
 *   fakeStripe?: Awaited<ReturnType<typeof startFakeStripe>>,
 *   serviceUrl: (name: string) => string,
 *   mailCatcherUrl: string,
 * }} SuiteStack
 */

/**
 * Starts the portal for `suite` on its block of the port plan and its own databases, without the demo
 * customer, its pages naming the suite's gateway as the site's address; with `stripe`, commerce talks
 * to a fake Stripe API started here (on the suite's `fakeStripe` port, else a free one), whose
 * webhooks go through the gateway. `replicas` (default 1) runs that many processes of each service
 * behind the gateway (`npm start -- --replicas N`, ADR 0213), on the suite's `replicasFrom` ports. `env`
 * comes last (DATABASE_URL, limits, keys of the suite); the rest are startRunner's options. stop()
 * ends the stack, then the fake Stripe API. `url` is the gateway at 127.0.0.1, `localhostUrl` the
 * address the runner printed, as a developer opens it. Every mail the stack sends goes to the runner's
 * mail catcher on the suite's `mailSmtp` port; `mailCatcherUrl` is its REST API (./mail-catcher.mjs).
 * @param {import('./port-plan.mjs').SuiteName} suite
 * @param {RunnerOptions & { stripe?: StripeSettings, replicas?: number }} [options]
 * @returns {Promise<SuiteStack>}
 */
export async function startSuiteStack(
  suite,
  { env = {}, stripe, replicas = 1, cleanup, ...runnerOptions } = {},
) {
  const { ports, databasePrefix } = portPlan[suite];
  if (replicas > 1 && !ports.replicasFrom) throw new Error(`${suite} has no replica ports in the port plan`);
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  const fakeStripe = stripe
    ? await startFakeStripe({
        port: ports.fakeStripe ?? 0,
        webhookSecret: stripe.webhookSecret,
        webhookUrl: `${gatewayUrl}/api/stripe/webhook`,
      })
    : undefined;
  const stripeEnv = stripe && {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: fakeStripe?.url ?? '',
    ...(stripe.publishableKey ? { STRIPE_PUBLISHABLE_KEY: stripe.publishableKey } : {}),
  };
  const runner = await startRunner({
    ...runnerOptions,
    env: {
      ...portEnv(ports),
      PORTAL_DB_PREFIX: databasePrefix,
      REPLICAS: String(replicas),
      SEED_DEMO_DATA: 'false',
      PUBLIC_SITE_URL: gatewayUrl,
      // The suite's own mail catcher, whatever SMTP server this machine's environment names.
      SMTP_URL: '',
      // No internal listeners (metrics, probes; ADR 0209): the default, each port + 1000, falls in
      // other suites' blocks (security's gateway 17080 + 1000 is e2e's 18080).
      INTERNAL_PORT: '0',
      ...stripeEnv,
      ...env,
    },
    cleanup: async () => {
      await fakeStripe?.close();
      await cleanup?.();
    },
  });
  return Object.assign(runner, {
    localhostUrl: runner.url,
    url: gatewayUrl,
    ports,
    databasePrefix,
    fakeStripe,
    serviceUrl: (/** @type {string} */ name) => `http://127.0.0.1:${ports[name]}`,
    mailCatcherUrl: `http://127.0.0.1:${ports.mailWeb}`,
  });
}
