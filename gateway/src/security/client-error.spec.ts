import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { clientErrorHandler } from './client-error';
import { securityHeaders } from './security-headers';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

function parseAnswer(text: string): RawAnswer {
  const [head, body] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

/** Writes `bytes` on a new connection and reads everything until the gateway closes it. */
function sendRaw(url: string, bytes: string): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(parseAnswer(text)));
    socket.on('error', reject);
  });
}

describe("answers to what Node's HTTP parser refuses", () => {
  let gateway: RunningGateway;
  let expectedHeaders: Record<string, string>;

  beforeAll(async () => {
    expectedHeaders = await securityHeaders();
    gateway = await startGateway({});
  });

  afterAll(() => gateway.close());

  it('a malformed request line: 400 JSON with the security headers', async () => {
    const answer = await sendRaw(gateway.url, 'GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toEqual({
      status: 400,
      headers: expect.objectContaining({
        ...expectedHeaders,
        'content-type': 'application/json; charset=utf-8',
        connection: 'close',
      }),
      body: { statusCode: 400, message: 'Malformed request' },
    });
    const nonsense = await sendRaw(gateway.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(nonsense).toMatchObject({ status: 400, headers: expectedHeaders });
  });

  it('headers over the size limit: 431 JSON with the security headers', async () => {
    const answer = await sendRaw(
      gateway.url,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toEqual({
      status: 431,
      headers: expect.objectContaining({
        ...expectedHeaders,
        'content-type': 'application/json; charset=utf-8',
      }),
      body: { statusCode: 431, message: 'Request headers too large' },
    });
  });

  /** Calls the handler as Node does, on a socket that records what is done to it. */
  const callHandler = (code: string, inFlight?: { headersSent: boolean }) => {
    const socket = {
      destroyed: false,
      writable: true,
      _httpMessage: inFlight,
      write: jest.fn(),
      destroy: jest.fn(),
    };
    const error = Object.assign(new Error(code), { code });
    clientErrorHandler(Object.entries(expectedHeaders)).call(
      { log: { trace: jest.fn() } } as unknown as FastifyInstance,
      error,
      socket as unknown as net.Socket,
    );
    return { socket, error, written: socket.write.mock.calls.map(([chunk]) => String(chunk)).join('') };
  };

  it('a request too slow to arrive: 408 JSON with the security headers', () => {
    // Node checks its request timeout (30 s here) on a 30 s clock: the handler is called as Node calls it.
    const { socket, error, written } = callHandler('ERR_HTTP_REQUEST_TIMEOUT');
    expect(parseAnswer(written)).toEqual({
      status: 408,
      headers: expect.objectContaining(expectedHeaders),
      body: { statusCode: 408, message: 'Request timed out' },
    });
    expect(socket.destroy).toHaveBeenCalledWith(error);
  });

  it('writes nothing over a response already under way on the connection, and closes it', () => {
    const { socket, error } = callHandler('HPE_INVALID_CONSTANT', { headersSent: true });
    expect(socket.write).not.toHaveBeenCalled();
    expect(socket.destroy).toHaveBeenCalledWith(error);
  });
});
