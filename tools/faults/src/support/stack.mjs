// The portal's own processes (built `dist/`), started one by one so a case can kill, pause or restart
// any of them: services on the suite's block of the port plan with databases `faults_<service>` on the
// case's PostgreSQL, and the gateway in front of them. The runner's own list says what each service needs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateSigningKeyPem, rootDir } from '@portal/toolkit/stack';
import { startMailCatcher } from '@portal/runner/mail-catcher';
import { servicePorts } from '@portal/runner/ports';
import { services as runnerServices } from '@portal/runner/stack';
import { portEnv } from '@portal/toolkit/port-plan';
import { databasePrefix, host, ports } from './ports.mjs';
import { runToEnd, startProcess } from './processes.mjs';
import { waitForHttp } from '@portal/toolkit/wait';

export { databasePrefix };

const definitions = Object.fromEntries(runnerServices.map((service) => [service.name, service]));

/** http://127.0.0.1:<port> of a service or the gateway. */
export const urlOf = (name) => `http://${host}:${ports[name]}`;

/** The ports of `count` replicas of a service, as `npm start -- --replicas` gives them, on the suite's block. */
const replicaPortsOf = (name, count) => servicePorts(definitions[name], count, portEnv(ports));

/** Every service's URL variable pointing at this suite's ports, started or not: never someone else's. */
const upstreamUrls = Object.fromEntries(
  runnerServices.map((service) => [service.urlEnv, urlOf(service.name)]),
);

function assertBuilt(dir) {
  const main = path.join(rootDir, dir, 'dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build first (npx nx run-many -t build)`);
}

/**
 * Starts `names` (seeded, then listening, in order) and the gateway, against `postgres` and `nats`
 * (either may be undefined). `replicas` gives a service several processes (`{ commerce: 2 }`:
 * `commerce` and `commerce-2` on the suite's replica ports, ADR 0213), all behind the gateway. With
 * crm, a mail catcher (the runner's maildev) on the suite's `mailSmtp` and `mailWeb` ports takes its mail: `mailCatcherUrl` is its REST API (@portal/toolkit/mail-catcher);
 * `env` may point SMTP_URL elsewhere. `env` is added to every process. The scope stops them all.
 */
export async function startStack(
  scope,
  { postgres, nats, names = ['identity', 'commerce'], replicas = {}, env = {} },
) {
  const signingKey = generateSigningKeyPem();
  const mail = names.includes('crm')
    ? await startMailCatcher({
        rootDir,
        smtpPort: ports.mailSmtp,
        webPort: ports.mailWeb,
        log: (line) => console.error(`[mail] ${line}`),
      })
    : undefined;
  if (mail) scope.defer(mail.stop);
  const common = {
    HOST: host,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    ...(nats ? { NATS_URL: nats.url } : { NATS_URL: '' }),
    ...upstreamUrls,
    ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
    ...env,
  };
  const processes = {};
  const envOf = {};
  /** The address of each replica after a service's first (`commerce-2`…). */
  const urlOfReplica = {};

  for (const name of names) {
    const service = definitions[name];
    assertBuilt(service.dir);
    envOf[name] = {
      ...common,
      PORT: String(ports[name]),
      DATABASE_URL: postgres.url(`${databasePrefix}_${name}`),
      ...(service.needsSigningKey ? { JWT_SIGNING_KEY: signingKey } : {}),
      ...(service.encryptionKeyEnv ? { [service.encryptionKeyEnv]: randomBytes(32).toString('base64') } : {}),
    };
    // Creates the database, migrates and seeds it (commerce: the catalog), as `npm start` does.
    await runToEnd({
      name: `${name} seed`,
      command: process.execPath,
      args: ['dist/seed.js'],
      cwd: path.join(rootDir, service.dir),
      env: envOf[name],
    });
  }

  const replicaNames = [];
  const replicaUrls = {};
  for (const [name, count] of Object.entries(replicas)) {
    const replicaPorts = replicaPortsOf(name, count);
    replicaUrls[`${definitions[name].urlEnv}S`] = replicaPorts
      .map((port) => `http://${host}:${port}`)
      .join(',');
    replicaPorts.slice(1).forEach((port, i) => {
      const replica = `${name}-${i + 2}`;
      envOf[replica] = { ...envOf[name], PORT: String(port) };
      urlOfReplica[replica] = `http://${host}:${port}`;
      replicaNames.push(replica);
    });
  }

  const start = async (name) => {
    const dir = name === 'gateway' ? 'gateway' : definitions[name.replace(/-\d+$/, '')].dir;
    processes[name] = startProcess({
      name,
      command: process.execPath,
      args: ['dist/main.js'],
      cwd: path.join(rootDir, dir),
      env: envOf[name],
    });
    const health =
      name === 'gateway' ? `${urlOf('gateway')}/api/healthz` : `${urlOfReplica[name] ?? urlOf(name)}/health`;
    try {
      await waitForHttp(health, { timeoutMs: 30_000 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason}\n${name} output:\n${processes[name].output().slice(-3000)}`, {
        cause: error,
      });
    }
    return processes[name];
  };

  envOf.gateway = {
    ...common,
    ...replicaUrls,
    PORT: String(ports.gateway),
    ...(postgres ? { DATABASE_URL: postgres.serverUrl } : {}),
  };
  assertBuilt('gateway');

  scope.defer(async () => {
    await Promise.all(Object.values(processes).map((proc) => proc.stop()));
  });
  await Promise.all([...names, ...replicaNames, 'gateway'].map(start));

  return {
    url: urlOf('gateway'),
    processes,
    /** The mail catcher's web inbox and REST API, when crm runs. */
    mailCatcherUrl: mail ? urlOf('mailWeb') : undefined,
    /** Starts `name` again (after it was killed) with the same environment; resolves once healthy. */
    restart: (name) => start(name),
  };
}
