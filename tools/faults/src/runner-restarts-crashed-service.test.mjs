// Issue 7, fault 5: `npm start` restarts a service that crashes. The real runner (npm start, in a
// process group of its own as a terminal runs it) on this suite's ports, PostgreSQL and NATS; commerce
// is killed with SIGKILL and must answer again through the gateway; then Ctrl-C (SIGINT to the group)
// stops everything, restarting nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { portEnv } from '@portal/toolkit/port-plan';
import { generateSigningKeyPem, rootDir } from '@portal/toolkit/stack';
import { isRunning, pidListeningOn } from './support/listeners.mjs';
import { startNats } from './support/nats.mjs';
import { databasePrefix, host, ports } from './support/ports.mjs';
import { startPostgres } from './support/postgres.mjs';
import { startProcess } from './support/processes.mjs';
import { Scope } from './support/scope.mjs';
import { urlOf } from './support/stack.mjs';
import { sleep, waitFor } from '@portal/toolkit/wait';

const scope = new Scope();
const stackPorts = ['gateway', 'identity', 'commerce', 'crm', 'support', 'kpi'].map((name) => ports[name]);
let runner;
let startupMs;

before(async () => {
  const postgres = await startPostgres(scope);
  const nats = await startNats(scope);
  runner = startProcess({
    name: 'npm start',
    command: 'npm',
    args: ['start', '--silent'],
    cwd: rootDir,
    detached: true,
    env: {
      DATABASE_URL: postgres.serverUrl,
      NATS_URL: nats.url,
      PORTAL_DB_PREFIX: databasePrefix,
      SEED_DEMO_DATA: 'false',
      ...portEnv(ports),
      // Loopback only, and keys of this run: the runner would otherwise keep keys in the repo's .data/.
      HOST: host,
      JWT_SIGNING_KEY: generateSigningKeyPem(),
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      IDENTITY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
    },
  });
  scope.defer(() => runner.stop({ group: true, graceMs: 15_000 }));
  const started = Date.now();
  await runner.waitForOutput(/Portal ready at/, 120_000);
  startupMs = Date.now() - started;
});

after(() => scope.close());

test('the runner restarts a service killed with SIGKILL, and Ctrl-C then stops everything', async (t) => {
  t.diagnostic(`npm start was ready in ${startupMs} ms`);
  const api = `${urlOf('gateway')}/api/packages`;
  // The gateway answers the catalog from its copy for up to a second (ADR 0217); an order list without
  // a token is answered by commerce itself (401), and by the gateway with a 503 while commerce is down.
  const commerceRoute = `${urlOf('gateway')}/api/user/orders`;
  assert.equal((await fetch(api)).status, 200);
  assert.equal((await fetch(commerceRoute)).status, 401);

  const killed = pidListeningOn(ports.commerce);
  assert.ok(killed, 'commerce listens on its port');
  process.kill(killed, 'SIGKILL');
  const killedAt = Date.now();

  await runner.waitForOutput(/commerce exited unexpectedly \(SIGKILL\): restarting it in/, 5000);
  await runner.waitForOutput(/commerce restarted \(pid (\d+)\)/, 10_000);
  // The gateway answers 503 while commerce is down, then commerce answers again.
  const status = await waitFor(
    async () => {
      const response = await fetch(commerceRoute, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return response.status === 401 && response.status;
    },
    { timeoutMs: 20_000, intervalMs: 200, what: 'commerce answering through the gateway after the kill' },
  );
  assert.equal(status, 401);
  assert.equal((await fetch(api)).status, 200, 'the catalog is served again');
  const restarted = pidListeningOn(ports.commerce);
  assert.ok(restarted && restarted !== killed, 'a new commerce process listens');
  const downMs = Date.now() - killedAt;
  assert.ok(downMs < 15_000, `commerce answered again ${downMs} ms after the kill`);
  t.diagnostic(`commerce answered through the gateway again ${downMs} ms after kill -9`);
  assert.equal(runner.alive, true, 'the rest of the stack kept running');

  // Ctrl-C in the terminal: SIGINT to the runner's whole process group.
  const pids = stackPorts.map(pidListeningOn).filter(Boolean);
  assert.equal(pids.length, stackPorts.length, 'every service and the gateway listen');
  const before = runner.output().length;
  runner.signalGroup('SIGINT');
  // npm itself ends on the signal (130, or killed by it) while the runner stops its children; the
  // runner still writes to this pipe and says 'stopped' just before it exits with code 0.
  const exit = await Promise.race([runner.exited, sleep(20_000).then(() => 'still running')]);
  assert.ok(
    exit.signal === 'SIGINT' || exit.code === 0 || exit.code === 130,
    `npm start ended: ${JSON.stringify(exit)}`,
  );
  await runner.waitForOutput(/\[runner\] stopped/, 20_000);
  const afterCtrlC = runner.output().slice(before);
  assert.doesNotMatch(afterCtrlC, /restarting it in|restarted \(pid/, 'nothing restarted during shutdown');
  await waitFor(() => pids.every((pid) => !isRunning(pid)), {
    timeoutMs: 10_000,
    what: 'every process of the stack gone after Ctrl-C',
  });
  assert.deepEqual(stackPorts.map(pidListeningOn).filter(Boolean), [], 'no port left open');
});
