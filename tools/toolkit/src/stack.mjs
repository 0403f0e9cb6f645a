// The whole portal as `npm start` runs it (tools/runner), for the suites and benchmarks that need it,
// and what they say to it: the runner's port variables, a signing key of the run, the fake Stripe API.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gateway, services } from '../../runner/src/stack.mjs';
import { startProcess } from './processes.mjs';

export { generateSigningKeyPem } from '../../runner/src/local-keys.mjs';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runnerScript = path.join(rootDir, 'tools/runner/src/start.mjs');
const fakeStripeModule = path.join(rootDir, 'libs/testing/dist/fake-stripe/fake-stripe.js');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The runner's port variables (GATEWAY_PORT, IDENTITY_PORT…) for `ports` ({ gateway, identity, … });
 * a part it does not name keeps the runner's default, keys that are no part of the stack are ignored.
 */
export function portEnv(ports) {
  return Object.fromEntries(
    [gateway, ...services]
      .filter((part) => ports[part.name] !== undefined)
      .map((part) => [part.portEnv, String(ports[part.name])]),
  );
}

/**
 * Starts the runner with `env` over this process's environment and resolves once it prints 'Portal
 * ready at <url>': { url, readyMs, output(), running, exited, stop() }. What it prints: the last
 * `keepOutput` characters in output() (Infinity: all of it), all of it in `logFile` when one is named,
 * on stderr when `echo`. stop() is Ctrl-C (SIGINT: the runner stops every process of the stack), with
 * SIGKILL after `killAfterMs` (default: none); it resolves { code, signal, stopMs }, once however
 * often it is called. `cleanup` (say, closing a fake API the stack calls) runs once the runner has
 * ended: at the end of stop(), or before the error when it exits without getting ready.
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
 * The fake Stripe API of libs/testing (built), in this process: `options` ({ port, host, webhookUrl,
 * webhookSecret }) as its startFakeStripe takes them; answers it ({ url, close() … }).
 */
export async function startFakeStripe(options) {
  if (!fs.existsSync(fakeStripeModule))
    throw new Error(`${fakeStripeModule} is missing: npx nx build @portal/testing`);
  const { startFakeStripe: start } = await import(pathToFileURL(fakeStripeModule).href);
  return start(options);
}
