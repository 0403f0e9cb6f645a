// The built front end served as the gateway lays it out (shell at `/`, remotes under `/mfe/<name>/`),
// for the prerenderer's browser. The API answers 503 as a service that is not running does, so each
// page renders the state a visitor's first paint shows; no scheduler is configured.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The file under `root` that `relative` names, or null when it would leave `root`. */
function inside(root, relative) {
  const file = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return file.startsWith(`${path.resolve(root)}${path.sep}`) ? file : null;
}

async function send(response, file) {
  try {
    const body = await fs.readFile(file);
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
}

/**
 * Starts the server on a free port of 127.0.0.1. `shellRoot` is the shell's build, `remoteRoots`
 * maps a remote's name to its build. Resolves with its origin and a close function.
 */
export async function startSiteServer({ shellRoot, remoteRoots }) {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname.startsWith('/api/')) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 503, message: 'Not running while pages are prerendered' }));
      return;
    }
    if (pathname === '/runtime-config.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ scheduler: null }));
      return;
    }
    const remote = /^\/mfe\/([^/]+)\/(.*)$/.exec(pathname);
    if (remote) {
      const root = remoteRoots[remote[1]];
      const file = root && inside(root, remote[2]);
      if (!file) return void response.writeHead(404).end();
      return void send(response, file);
    }
    // As the gateway: a last segment with an extension names a file, anything else is a page.
    const file = /\.[^/]+$/.test(pathname) ? inside(shellRoot, pathname) : path.join(shellRoot, 'index.html');
    if (!file) return void response.writeHead(404).end();
    return void send(response, file);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
