import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Module,
  NotFoundException,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import http from 'node:http';
import os from 'node:os';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { createServiceApp, TooManyRequestsException } from './index';
import { ZodValidationPipe } from './zod-validation.pipe';

const widgetSchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required'),
  size: z.number().int().optional(),
});

@Controller('widgets')
class WidgetsController {
  @Post()
  create(@Body(new ZodValidationPipe(widgetSchema)) body: z.infer<typeof widgetSchema>) {
    return { created: body };
  }

  // Validated by the global pipe through Nest 12's parameter schema metadata.
  @Post('by-metadata')
  @HttpCode(200)
  createByMetadata(@Body({ schema: widgetSchema }) body: z.infer<typeof widgetSchema>) {
    return { created: body };
  }

  @Get('boom')
  boom(): never {
    throw new Error('password=hunter2 leaked from the database driver');
  }

  // What TypeORM throws for a query while PostgreSQL is down: the driver's error under `driverError`.
  @Get('database-down')
  databaseDown(): never {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw Object.assign(new Error('Query failed'), { driverError: refused });
  }

  @Get('busy')
  busy(): never {
    throw new TooManyRequestsException('Slow down, please.', 41.2);
  }

  @Get('caller')
  caller(@Req() request: FastifyRequest) {
    return { ip: request.ip };
  }

  @Get('catalog')
  @Header('cache-control', 'public, max-age=60')
  catalog() {
    return { items: [] };
  }

  @Get(':id')
  find(@Param('id') id: string) {
    if (id === 'missing') throw new NotFoundException('Widget missing not found');
    return { id };
  }
}

@Module({ controllers: [WidgetsController] })
class WidgetsModule {}

describe('createServiceApp', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await createServiceApp(WidgetsModule, { name: 'nest-http-spec', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  const errorOf = async (res: Response) => (await res.json()) as { statusCode: number; message: string };

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('serves a route and echoes the caller x-request-id', async () => {
    const res = await fetch(`${base}/widgets/7`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await res.json()).toEqual({ id: '7' });
  });

  it('generates a request id when none, or an unsafe one, is sent', async () => {
    const none = await fetch(`${base}/widgets/7`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await fetch(`${base}/widgets/7`, { headers: { 'x-request-id': 'a b"c' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a 429 with Retry-After in whole seconds', async () => {
    const res = await fetch(`${base}/widgets/busy`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(await errorOf(res)).toEqual({ statusCode: 429, message: 'Slow down, please.' });
  });

  it('takes the client address from X-Forwarded-For when the gateway (a loopback peer) wrote it', async () => {
    const res = await fetch(`${base}/widgets/caller`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(await res.json()).toEqual({ ip: '203.0.113.7' });
    expect(await (await fetch(`${base}/widgets/caller`)).json()).toEqual({ ip: '127.0.0.1' });
  });

  it('says Cache-Control: no-store on every answer, unless the route chose its own', async () => {
    for (const path of ['/widgets/7', '/widgets/missing', '/widgets/boom', '/widgets/busy', '/nowhere']) {
      expect([path, (await fetch(`${base}${path}`)).headers.get('cache-control')]).toEqual([
        path,
        'no-store',
      ]);
    }
    const created = await post('/widgets', '{"name":"x"}');
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/widgets/catalog`)).headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('answers an unknown route with a 404 JSON body and a request id', async () => {
    const res = await fetch(`${base}/nowhere`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Cannot GET /nowhere' });
  });

  it('keeps the message of a thrown HttpException', async () => {
    const res = await fetch(`${base}/widgets/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Widget missing not found' });
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const res = await fetch(`${base}/widgets/boom`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('answers 503 naming the service, with Retry-After, when its database cannot be reached', async () => {
    const res = await fetch(`${base}/widgets/database-down`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ statusCode: 503, message: 'Service nest-http-spec is unavailable' });
  });

  it('rejects malformed JSON with a 400 that says so', async () => {
    const res = await post('/widgets', '{"name": "x",');
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(/JSON/);
  });

  it('rejects an empty JSON body with a 400', async () => {
    const res = await post('/widgets', '');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).statusCode).toBe(400);
  });

  it('validates and transforms a body with the explicit pipe', async () => {
    const res = await post('/widgets', JSON.stringify({ name: '  Bolt  ', size: 3 }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ created: { name: 'Bolt', size: 3 } });
  });

  it('validates a body through @Body({ schema }) and the global pipe', async () => {
    const ok = await post('/widgets/by-metadata', JSON.stringify({ name: 'Nut' }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ created: { name: 'Nut' } });
    const bad = await post('/widgets/by-metadata', JSON.stringify({ name: 'Nut', colour: 'red' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ statusCode: 400, message: 'Unrecognized key: "colour"' });
  });

  it('rejects unknown fields', async () => {
    const res = await post('/widgets', JSON.stringify({ name: 'Bolt', admin: true }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, message: 'Unrecognized key: "admin"' });
  });

  it("keeps the schema's own message verbatim and prefixes zod's defaults with the field", async () => {
    const missing = await post('/widgets', JSON.stringify({}));
    expect(await missing.json()).toEqual({ statusCode: 400, message: 'Name is required' });
    const wrongType = await post('/widgets', JSON.stringify({ name: 'Bolt', size: 'big' }));
    expect(await wrongType.json()).toEqual({
      statusCode: 400,
      message: 'size: Invalid input: expected number, received string',
    });
  });

  it('rejects a body that is not an object', async () => {
    const res = await post('/widgets', '[1,2]');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/expected object/);
  });

  it('answers 413 JSON for a body over 1 MB', async () => {
    const res = await post('/widgets', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body is too large' });
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain'])(
    'answers 415 JSON for a %s body',
    async (type) => {
      const res = await post('/widgets', 'name=x', type);
      expect(res.status).toBe(415);
      expect((await errorOf(res)).statusCode).toBe(415);
    },
  );
});

describe('createServiceApp logging', () => {
  it('writes one JSON access line per request carrying the request id', async () => {
    const lines: string[] = [];
    const app = await createServiceApp(WidgetsModule, {
      name: 'nest-http-spec',
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await app.listen(0, '127.0.0.1');
      const res = await fetch(`${await app.getUrl()}/widgets/9?x=1`, {
        headers: { 'x-request-id': 'log-me-1' },
      });
      expect(res.status).toBe(200);
      await fetch(`${await app.getUrl()}/widgets/boom`, { headers: { 'x-request-id': 'log-me-2' } });
    } finally {
      await app.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = entries.filter((entry) => entry.msg === 'request completed');
    expect(access).toEqual([
      expect.objectContaining({
        service: 'nest-http-spec',
        requestId: 'log-me-1',
        method: 'GET',
        url: '/widgets/9?x=1',
        statusCode: 200,
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({ requestId: 'log-me-2', statusCode: 500 }),
    ]);
    const failure = entries.find((entry) => entry.level === 50 && entry.context === 'HttpError');
    expect(failure).toMatchObject({ requestId: 'log-me-2', url: '/widgets/boom' });
    expect(JSON.stringify(failure)).toContain('hunter2');
  });
});

/** An address of this machine in a private network (fc00::/7, 10/8, 172.16/12, 192.168/16), if it has one. */
function privateAddress(): string | undefined {
  const addresses = Object.values(os.networkInterfaces()).flatMap((each) => each ?? []);
  return addresses.find(
    ({ address, internal }) =>
      !internal && /^(f[cd][0-9a-f]{2}:|10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.)/i.test(address),
  )?.address;
}

describe('createServiceApp trusted proxies', () => {
  const callerSeenBy = async (app: NestFastifyApplication, from: string, forwardedFor: string) => {
    const port = (app.getHttpServer().address() as { port: number }).port;
    return new Promise<unknown>((resolve, reject) => {
      const request = http.get(
        {
          host: from,
          localAddress: from,
          port,
          path: '/widgets/caller',
          headers: { 'x-forwarded-for': forwardedFor },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve(JSON.parse(body)));
        },
      );
      request.on('error', reject);
    });
  };

  const address = privateAddress();
  // Where the machine has no private address (the peer the old default trusted), there is nothing to try.
  (address ? it : it.skip)(
    'believes X-Forwarded-For from loopback only: not from a private network',
    async () => {
      const app = await createServiceApp(WidgetsModule, { name: 'nest-http-spec', logLevel: 'silent' });
      try {
        await app.listen(0, '::');
        expect(await callerSeenBy(app, address!, '203.0.113.7')).toEqual({ ip: address });
        expect(await callerSeenBy(app, '127.0.0.1', '203.0.113.7')).toEqual({ ip: '203.0.113.7' });
      } finally {
        await app.close();
      }
    },
  );

  it('believes only the proxies it is given', async () => {
    const app = await createServiceApp(WidgetsModule, {
      name: 'nest-http-spec',
      logLevel: 'silent',
      trustProxy: ['172.28.0.10'],
    });
    try {
      await app.listen(0, '127.0.0.1');
      expect(await callerSeenBy(app, '127.0.0.1', '203.0.113.7')).toEqual({ ip: '127.0.0.1' });
    } finally {
      await app.close();
    }
  });
});
