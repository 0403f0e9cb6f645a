import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PackagesModule } from './testing/packages.module';
import { createServiceApp, flushTraces } from './index';

interface OtlpSpan {
  name: string;
  traceId: string;
}

describe('spans sent to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT (ADR 0210)', () => {
  const bodies: { url?: string; body: string }[] = [];
  let collector: http.Server;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    collector = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push({ url: request.url, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
    process.env.OTEL_SERVICE_NAME = 'commerce-eu';
    app = await createServiceApp(PackagesModule, { name: 'commerce', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    collector.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_SERVICE_NAME;
  });

  it('exports the server span of a request over OTLP/HTTP, under OTEL_SERVICE_NAME', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await fetch(`${await app.getUrl()}/packages`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    // The batch is sent and answered before the flush resolves.
    await flushTraces();

    expect(bodies[0].url).toBe('/v1/traces');
    const exported = JSON.parse(bodies[0].body) as {
      resourceSpans: {
        resource: { attributes: { key: string; value: { stringValue?: string } }[] };
        scopeSpans: { spans: OtlpSpan[] }[];
      }[];
    };
    const [resourceSpans] = exported.resourceSpans;
    expect(resourceSpans.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'commerce-eu' },
    });
    const spans = resourceSpans.scopeSpans.flatMap((scope) => scope.spans);
    expect(spans).toContainEqual(expect.objectContaining({ name: 'GET /packages', traceId }));
  });
});
