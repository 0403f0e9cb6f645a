import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/**
 * A second origin, as a CDN would be: serves `folder` at `/<prefix>/` on another port of this machine,
 * answering cross-origin requests as a CDN configured for the site does.
 */
export async function serveFromOtherOrigin(folder: string, prefix: string) {
  const requested: string[] = [];
  const server = http.createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://other-origin').pathname;
    requested.push(pathname);
    const file = path.join(folder, pathname.slice(prefix.length + 2));
    const found =
      pathname.startsWith(`/${prefix}/`) && file.startsWith(folder) && (await stat(file).catch(() => null));
    if (!found || !found.isFile()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
