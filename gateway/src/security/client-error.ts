import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What Node's HTTP parser refuses, by its error code; anything else it cannot parse is a 400. */
const refusals: Record<string, { statusCode: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, message: 'Request timed out' },
  HPE_HEADER_OVERFLOW: { statusCode: 431, message: 'Request headers too large' },
};
const malformed = { statusCode: 400, message: 'Malformed request' };

/**
 * Fastify's `clientErrorHandler`. A request Node's parser refuses (a malformed request line, headers
 * over the size limit, a request too slow to arrive) never reaches Fastify, so no hook puts the
 * security headers on its answer: this writes it with `headers` and a JSON `{ statusCode, message }`,
 * then closes the connection, as Fastify's own handler does.
 */
export function clientErrorHandler(headers: [string, string][]) {
  const headerLines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.trace({ err: error }, 'client error');
    // Never after a response already under way on this connection: the client would read a corrupt one.
    const inFlight = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const { statusCode, message } = refusals[error.code ?? ''] ?? malformed;
      const body = JSON.stringify({ statusCode, message });
      socket.write(
        `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\n${headerLines}` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
