// `npm run dev -- --section <name> [--service <name>]`: one section's webpack dev server (rebuilds and
// reloads on save) behind a local front door that serves everything else from PORTAL_URL (default:
// `npm start`'s gateway), so a section is developed against a running stack or a deployed environment
// without starting the rest. With --service, that backend service runs from this checkout too
// (local-service.mjs) and answers its /api paths. Ctrl-C stops all of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, REMOTE_PORTS } from '@portal/federation';
import { logger } from '../log.mjs';
import { isPortTaken, waitForHttp } from '../net.mjs';
import { startNodeProcess, stopChild } from '../processes.mjs';
import { parseSectionDevArguments } from './arguments.mjs';
import { startFrontDoor } from './front-door.mjs';
import { DEV_SERVICE_NAMES, startLocalService } from './local-service.mjs';
import { fetchPortalManifest } from './portal.mjs';
import { gatewayRoutes, serviceOfPath } from './service-routes.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const nx = path.join(rootDir, 'node_modules/.bin/nx');
const log = logger('runner');
// A section's first build takes about a minute (its libraries compile from their sources).
const DEV_SERVER_READY_MS = 5 * 60_000;

/**
 * The section is built as the portal's shell expects its remotes, in production mode: React's
 * development and production builds cannot share one page (the development JSX runtime calls into
 * internals the production React lacks), and a production remote uses the federation runtime the
 * shell provides. Unminified, for quick rebuilds and readable code. Its source maps are files, not
 * eval: the page runs under the portal's CSP, which has no 'unsafe-eval'.
 */
const devServerBuildFlags = [
  '--mode=production',
  '--no-optimization-minimize',
  '--devtool=cheap-module-source-map',
];

/** @returns {never} */
function fail(message) {
  console.error(message);
  process.exit(1);
}

async function main() {
  const options = (() => {
    try {
      return parseSectionDevArguments(process.argv.slice(2), {
        sections: REMOTE_NAMES,
        services: DEV_SERVICE_NAMES,
      });
    } catch (error) {
      return fail(/** @type {Error} */ (error).message);
    }
  })();
  const { section, service, portalUrl, frontDoorPort } = options;
  const devServerPort = REMOTE_PORTS[/** @type {keyof typeof REMOTE_PORTS} */ (section)];
  const devServerUrl = `http://localhost:${devServerPort}`;

  await fetchPortalManifest(portalUrl).catch((error) => fail(error.message));
  for (const [port, what, change] of [
    [devServerPort, `the ${section} dev server`, 'stop what holds it (a full `npm run dev`?)'],
    [frontDoorPort, 'the front door', 'choose another with --port or FRONT_DOOR_PORT'],
  ]) {
    if (await isPortTaken(port, 'localhost')) fail(`Port ${port} is already in use (${what}): ${change}.`);
  }

  let stopping = false;
  const devServer = startNodeProcess({
    name: section,
    cwd: rootDir,
    script: nx,
    args: ['run', `@portal/mfe-${section}:dev`, '--outputStyle=stream', ...devServerBuildFlags],
    onExit: (code, signal) => {
      if (stopping) return;
      log(`the ${section} dev server exited (${signal ?? `code ${code}`}): stopping`);
      void shutdown(1);
    },
  });
  /** @type {{ url: string, close: () => Promise<void> } | undefined} */
  let frontDoor;
  /** @type {{ url: string, stop: () => Promise<void> } | undefined} */
  let localService;
  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    await Promise.all([stopChild(devServer), frontDoor?.close(), localService?.stop()]);
    process.exit(code);
  }
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  try {
    if (service) {
      localService = await startLocalService({
        name: service,
        rootDir,
        portalUrl,
        frontDoorUrl: `http://localhost:${frontDoorPort}`,
        log,
        onExit: (code, signal) => {
          if (stopping) return;
          log(`${service} exited (${signal ?? `code ${code}`}): stopping`);
          void shutdown(1);
        },
      });
    }
    const routes = service ? await gatewayRoutes() : [];
    frontDoor = await startFrontDoor({
      portalUrl,
      section,
      devServerUrl,
      port: frontDoorPort,
      log: logger('front-door'),
      ...(localService && {
        service: {
          url: localService.url,
          answers: (pathname) => serviceOfPath(pathname, routes) === service,
        },
      }),
    });
    log(`waiting for the ${section} dev server at ${devServerUrl} (the first build takes a while)`);
    await waitForHttp(`${devServerUrl}/mf-manifest.json`, {
      timeoutMs: DEV_SERVER_READY_MS,
      intervalMs: 2000,
    });
  } catch (caught) {
    log(`failed: ${/** @type {Error} */ (caught).stack ?? caught}`);
    return shutdown(1);
  }
  const serviceNote = localService ? `, ${service}'s API from ${localService.url}` : '';
  console.log(
    `Section ${section} from its dev server ${devServerUrl}${serviceNote}, the rest from ${portalUrl}:`,
  );
  console.log(`Open ${frontDoor.url}`);
}

main().catch((/** @type {Error} */ error) => {
  log(`failed: ${error.stack ?? error}`);
  process.exit(1);
});
