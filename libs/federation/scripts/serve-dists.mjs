// Serves the built front end the way the gateway does, for measuring and screenshots:
// shell/dist at `/` (index.html for every app route), mfe-<name>/dist at `/mfe/<name>/`,
// `/mfe-manifest.json` from the shell's build, `.gz`/`.br` siblings when the browser accepts them.
// `POST /__dead/<name>` makes a remote unreachable (404) and `DELETE /__dead/<name>` brings it back.
// Usage: node serve-dists.mjs [port]   (port 0 = any free port; the chosen URL is printed)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const shellDist = path.join(root, 'shell', 'dist');
const dead = new Set();

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.map': 'application/json',
};
const NO_CACHE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mfe-manifest.json']);

async function exists(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function resolveFile(urlPath) {
  const remote = urlPath.match(/^\/mfe\/([a-z]+)\/(.*)$/);
  if (remote) {
    if (dead.has(remote[1])) return null;
    return path.join(root, `mfe-${remote[1]}`, 'dist', remote[2]);
  }
  if (urlPath === '/' || !path.extname(urlPath)) return path.join(shellDist, 'index.html');
  return path.join(shellDist, urlPath);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const control = url.pathname.match(/^\/__dead\/([a-z]+)$/);
  if (control) {
    if (req.method === 'POST') dead.add(control[1]);
    if (req.method === 'DELETE') dead.delete(control[1]);
    res.writeHead(204).end();
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 503, message: 'No API behind this static server' }));
    return;
  }
  const file = resolveFile(decodeURIComponent(url.pathname));
  if (!file || !file.startsWith(root) || !(await exists(file))) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 404, message: 'Not Found' }));
    return;
  }
  const headers = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': NO_CACHE.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
    vary: 'accept-encoding',
  };
  const accepts = req.headers['accept-encoding'] ?? '';
  let body = file;
  for (const [token, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (accepts.includes(token) && (await exists(file + ext))) {
      body = file + ext;
      headers['content-encoding'] = token;
      break;
    }
  }
  res.writeHead(200, headers).end(await readFile(body));
});

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}`);
});
