import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { register } from 'prom-client';
import { isReady, type Readiness } from './readiness';

export interface InternalListenerOptions {
  /** `INTERNAL_PORT`; 0 picks a free one (tests). */
  port: number;
  /** `INTERNAL_HOST`: 127.0.0.1, or 0.0.0.0 in a container where Prometheus and the kubelet call it. */
  host: string;
  readiness: Readiness;
  /** The Prometheus text; default: prom-client's default `register` (the gateway's primary aggregates its workers). */
  metrics?: () => Promise<string>;
  /** Told about each dependency found down by `/readyz`. */
  onDown?: (name: string, error: Error) => void;
}

export interface InternalListener {
  /** e.g. `http://127.0.0.1:4101`. */
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));

/**
 * The internal listener (ADR 0209), on its own port that the gateway never proxies and only the
 * operator's network reaches: `GET /metrics` (Prometheus text), `GET /livez`, and `GET /readyz` with
 * each dependency's status and latency. A bare `node:http` server: it must answer while the app is
 * busy or failing, and has no business with the app's hooks, logs or metrics.
 */
export async function listenInternal(options: InternalListenerOptions): Promise<InternalListener> {
  const metrics = options.metrics ?? (() => register.metrics());
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      json(response, 405, { statusCode: 405, message: 'Method Not Allowed' });
    } else if (path === '/metrics') {
      send(response, 200, register.contentType, await metrics());
    } else if (path === '/livez') {
      json(response, 200, { status: 'ok' });
    } else if (path === '/readyz') {
      const report = await options.readiness.check(options.onDown);
      json(response, isReady(report) ? 200 : 503, report);
    } else {
      json(response, 404, { statusCode: 404, message: 'Not Found' });
    }
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { statusCode: 500, message: (error as Error).message });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
