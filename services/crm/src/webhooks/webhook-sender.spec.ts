import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@portal/contracts';
import { closedPort } from '@portal/testing';
import { excerpt, sendWebhook, type SendRequest } from './webhook-sender';

describe('webhook sender', () => {
  let server: Server;
  let port: number;
  let answer: (res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => answer(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (overrides: Partial<SendRequest> = {}) =>
    sendWebhook({
      url: `http://receiver.test:${port}/hook`,
      address: { address: '127.0.0.1', family: 4 },
      eventId: 'evt_0123456789abcdef0123456789abcdef',
      body: '{"id":"evt_0123456789abcdef0123456789abcdef"}',
      signingSecret: 'whsec_test',
      timestamp: 1_764_000_000,
      timeoutMs: 800,
      ...overrides,
    });

  it(`keeps the first ${WEBHOOK_RESPONSE_EXCERPT_BYTES} bytes of a long answer, never half a character`, async () => {
    answer = (res) => res.writeHead(200).end('é'.repeat(5000));
    const outcome = await send();
    expect(outcome.responseStatus).toBe(200);
    expect(Buffer.byteLength(outcome.responseBody!)).toBe(WEBHOOK_RESPONSE_EXCERPT_BYTES);
    expect(outcome.responseBody).toBe('é'.repeat(WEBHOOK_RESPONSE_EXCERPT_BYTES / 2));
    expect(excerpt(Buffer.from('aé'), 2)).toBe('a');
  });

  it('cuts a receiver that sends its headers but never ends its body, at the deadline', async () => {
    answer = (res) => {
      res.writeHead(200);
      res.write('working on it');
    };
    const outcome = await send({ timeoutMs: 600 });
    expect(outcome).toMatchObject({ responseStatus: null, error: 'Timed out after 0.6 s' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(580);
    expect(outcome.durationMs).toBeLessThan(1500);
  });

  it('says why when nothing answers', async () => {
    const outcome = await send({ url: `http://receiver.test:${await closedPort()}/hook` });
    expect(outcome).toMatchObject({ responseStatus: null, responseBody: null, error: 'Connection refused' });
  });
});
