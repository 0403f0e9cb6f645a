import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local receiver got. */
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/** A real HTTP receiver on loopback: `/ok` answers 200, `/fail` 500, `/slow` never; `answers` overrides. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = answers.get(path) ?? (path.startsWith('/ok') ? 200 : path.startsWith('/fail') ? 500 : 0);
      if (status === 0) {
        open.add(res); // a receiver that never answers
        return;
      }
      const location = status >= 300 && status < 400 ? { location: '/ok/redirected' } : {};
      // `/ok/busy…` takes 50 ms to answer, as a receiver doing some work.
      setTimeout(
        () =>
          res
            .writeHead(status, { 'content-type': 'text/plain', ...location })
            .end(status === 500 ? 'boom: database down' : 'thanks'),
        path.startsWith('/ok/busy') ? 50 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    to: (path: string) => received.filter((each) => each.path === path),
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
