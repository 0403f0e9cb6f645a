import net from 'node:net';
import { PackagesModule } from './testing/packages.module';
import { createServiceApp } from './index';

/** A port nothing listens on: the collector is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('closing while the trace collector is down (ADR 0210)', () => {
  afterAll(() => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TIMEOUT;
  });

  it('closes cleanly and says the last spans were lost', async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${await closedPort()}`;
    process.env.OTEL_EXPORTER_OTLP_TIMEOUT = '500'; // the exporter's retries give up sooner
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const app = await createServiceApp(PackagesModule, { name: 'commerce', logLevel: 'warn', logStream });
      await app.listen(0, '127.0.0.1');
      expect((await fetch(`${await app.getUrl()}/packages`)).status).toBe(200);

      await app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(lines.join('')).toContain('the last spans were not sent to the collector');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
