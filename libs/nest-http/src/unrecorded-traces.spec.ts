import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, startTracing } from './index';
import { PackagesModule } from './testing/packages.module';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

describe('log lines of a service that records no traces (no collector named; ADR 0216)', () => {
  const lines: Record<string, unknown>[] = [];
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    startTracing({ serviceName: 'packages', env: {} });
    app = await createServiceApp(PackagesModule, {
      name: 'packages',
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(() => app.close());

  const accessLine = (requestId: string) =>
    lines.find((line) => line.requestId === requestId && line.msg === 'request completed');

  it("carry the caller's trace id and a span id of the request's own", async () => {
    await fetch(`${url}/packages`, {
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`, 'x-request-id': 'req-1' },
    });
    const line = accessLine('req-1');
    expect(line).toMatchObject({ traceId: TRACE_ID, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(line?.spanId).not.toBe(CALLER_SPAN_ID);
  });

  it('carry a new trace id when the caller sent none', async () => {
    await fetch(`${url}/packages`, { headers: { 'x-request-id': 'req-2' } });
    await fetch(`${url}/packages`, { headers: { 'x-request-id': 'req-3' } });
    const traceIds = ['req-2', 'req-3'].map((id) => accessLine(id)?.traceId);
    for (const traceId of traceIds) expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIds[0]).not.toBe(traceIds[1]);
  });
});
