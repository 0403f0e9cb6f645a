// `npm run dev -- --section <name> --service <service>`: one backend service run from this checkout,
// rebuilt and restarted on save, which the front door sends that service's /api paths to. It joins the
// local stack's PostgreSQL and NATS (those `npm start` runs, or DATABASE_URL and NATS_URL), and
// verifies sign-ins with the portal's own keys (its JWKS, through PORTAL_URL).
import { watch } from 'node:fs';
import path from 'node:path';
import { postgresAnswers, databaseUrl } from '../database.mjs';
import { isListening, waitForHttp } from '../net.mjs';
import { run, startNodeProcess, stopChild } from '../processes.mjs';
import { databasePrefix, mailCatcher, services } from '../stack.mjs';

/** A service in the dev loop listens beside the stack's own instance: its port + 300 (3404 for support). */
const DEV_PORT_OFFSET = 300;
const SERVICE_READY_MS = 60_000;

/** The services the dev loop can run: identity signs the tokens the portal's services trust, so it stays there. */
export const DEV_SERVICE_NAMES = services
  .filter((service) => service.needsIdentity)
  .map((service) => service.name);

/** Where the stack `npm start` runs keeps PostgreSQL, NATS and the mail catcher, unless configured. */
async function stackConnections(env) {
  const embeddedPostgres = `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT ?? 54329}/postgres`;
  const postgres = [env.DATABASE_URL, embeddedPostgres].filter(Boolean);
  let serverUrl;
  for (const url of postgres) if (!serverUrl && (await postgresAnswers(url))) serverUrl = url;
  if (!serverUrl) {
    throw new Error(
      'no PostgreSQL for the service: run `npm start` (or set DATABASE_URL to a server that answers)',
    );
  }
  const natsUrl = env.NATS_URL ?? `nats://127.0.0.1:${env.EMBEDDED_NATS_PORT ?? 4250}`;
  const { hostname, port } = new URL(natsUrl);
  const natsUp = await isListening(hostname, Number(port || 4222), 1500);
  const smtpUrl =
    env.SMTP_URL ?? `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT ?? mailCatcher.smtp.defaultPort}`;
  return { serverUrl, natsUrl: natsUp ? natsUrl : undefined, smtpUrl };
}

/**
 * Builds `name` (with the libraries it needs), then runs it with its sources compiled on every save and
 * the process restarted on every compile. Resolves once it answers /health.
 * @param {{ name: string, rootDir: string, portalUrl: string, frontDoorUrl: string,
 *   log: (line: string) => void, onExit: (code: number | null, signal: string | null) => void,
 *   env?: Record<string, string | undefined> }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startLocalService({
  name,
  rootDir,
  portalUrl,
  frontDoorUrl,
  log,
  onExit,
  env = process.env,
}) {
  const service = services.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`there is no service "${name}"`);
  const { serverUrl, natsUrl, smtpUrl } = await stackConnections(env);
  const cwd = path.join(rootDir, service.dir);
  const nx = path.join(rootDir, 'node_modules/.bin/nx');
  log(`building ${name} and the libraries it uses`);
  await run('build', process.execPath, [nx, 'run', `@portal/${name}:build`, '--outputStyle=static'], {
    cwd: rootDir,
  });

  const port = service.defaultPort + DEV_PORT_OFFSET;
  const serviceEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUSTED_PROXIES: 'loopback',
    INTERNAL_PORT: '0',
    // Links in its mails lead to the front door, where the developer is.
    PUBLIC_SITE_URL: frontDoorUrl,
    DATABASE_URL: databaseUrl(serverUrl, `${databasePrefix}_${name}`),
    IDENTITY_URL: portalUrl,
    ...(natsUrl && { NATS_URL: natsUrl }),
    ...(service.sendsMail && { SMTP_URL: smtpUrl }),
  };
  const stopWatching = recompileOnSave(
    cwd,
    () => run(`${name}:build`, 'npm', ['run', 'build'], { cwd }),
    log,
  );
  await run(name, process.execPath, ['dist/seed.js'], { cwd, env: { ...env, ...serviceEnv } });
  const server = startNodeProcess({
    name,
    cwd,
    script: 'dist/main.js',
    nodeArgs: ['--watch-path=dist'],
    env: serviceEnv,
    onExit,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health`, { timeoutMs: SERVICE_READY_MS, intervalMs: 500 });
  log(`${name} from this checkout at ${url}${natsUrl ? '' : ' (no NATS: its events wait in its outbox)'}`);
  return {
    url,
    stop: async () => {
      stopWatching();
      await stopChild(server);
    },
  };
}

/**
 * Runs `compile` after a save under `src/` (once for a burst of saves, never two at once); the
 * service's process, watching `dist/`, restarts on the result. Answers a function that stops watching.
 */
function recompileOnSave(cwd, compile, log) {
  let timer;
  let running = Promise.resolve();
  const watcher = watch(path.join(cwd, 'src'), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() =>
        compile().catch((error) =>
          log(`the compile failed, the service keeps its last build: ${error.message}`),
        ),
      );
    }, 200);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
