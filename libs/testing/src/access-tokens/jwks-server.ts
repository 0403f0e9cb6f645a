import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { JWKS_PATH } from '@portal/contracts';
import type { JWK } from 'jose';

/** identity's JWKS endpoint, played by node:http: it can be stopped and started on the same port. */
export class JwksServer {
  /** Requests answered so far. */
  hits = 0;
  private server?: Server;
  private port = 0;

  constructor(public keys: JWK[]) {}

  /** identity's base URL, as a service's IDENTITY_URL. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      if (request.url !== JWKS_PATH) {
        response.writeHead(404).end();
        return;
      }
      this.hits += 1;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: this.keys }));
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  }
}
