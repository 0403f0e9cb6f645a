import { setImmediate as nextTurn } from 'node:timers/promises';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { startUpstream, type Upstream } from '../testing/upstream';

describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  let identity: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    identity = await startUpstream();
    gateway = await startGateway(
      { IDENTITY_URL: identity.url, LOG_LEVEL: 'info' },
      {
        logOutput: {
          write: (chunk) =>
            chunk
              .split('\n')
              .filter(Boolean)
              .forEach((l) => lines.push(JSON.parse(l))),
        },
      },
    );
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  it('writes exactly one JSON line per request with method, url, status, duration and request id', async () => {
    await fetch(`${gateway.url}/api/identity/features?x=1`, { headers: { 'x-request-id': 'log-test-1' } });
    await fetch(`${gateway.url}/api/missing`, { method: 'POST', headers: { 'x-request-id': 'log-test-2' } });
    await nextTurn();

    const first = lines.filter((line) => line.requestId === 'log-test-1');
    const second = lines.filter((line) => line.requestId === 'log-test-2');
    expect(first).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'gateway',
        method: 'GET',
        url: '/api/identity/features?x=1',
        statusCode: 200,
        durationMs: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
    expect(second).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/missing', statusCode: 404 }),
    ]);
  });

  it('writes the probes that pass at debug level, below the info lines', async () => {
    for (const path of ['/livez', '/readyz?verbose=1', '/api/readyz'])
      expect((await fetch(`${gateway.url}${path}`, { headers: { 'x-request-id': 'probe' } })).status).toBe(
        200,
      );
    await fetch(`${gateway.url}/readyzz`, { headers: { 'x-request-id': 'not-a-probe' } });
    await nextTurn();

    const access = (id: string) =>
      lines.filter((line) => line.requestId === id && line.msg === 'request completed');
    expect(access('probe')).toEqual([]);
    expect(access('not-a-probe')).toEqual([expect.objectContaining({ level: 30, url: '/readyzz' })]);
  });
});
