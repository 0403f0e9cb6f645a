import Fastify from 'fastify';
import { AccessLogController } from './access-log';

describe('access lines of the probes', () => {
  it('are at debug level when the probe passes, at info when it fails', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      logController: new AccessLogController(),
    });
    let ready = true;
    app.get('/readyz', (_request, reply) => reply.code(ready ? 200 : 503).send({ ready }));
    app.get('/livez', () => ({ alive: true }));
    app.get('/api/healthz', () => ({ status: 'ok' }));
    app.get('/health', () => ({ status: 'ok' }));
    app.get('/api/healthy-customers', () => []);

    await app.inject('/livez');
    await app.inject('/api/healthz');
    await app.inject('/health?verbose=1');
    await app.inject('/api/healthy-customers');
    await app.inject('/readyz');
    ready = false;
    await app.inject('/readyz');
    await app.close();

    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 30, url: '/api/healthy-customers' }),
      expect.objectContaining({ level: 30, url: '/readyz', statusCode: 503 }),
    ]);
  });
});
