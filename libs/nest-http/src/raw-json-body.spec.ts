import { Body, Controller, HttpCode, Module, type OnModuleInit, Param, Post } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createServiceApp, keepRawJsonBody } from './index';

/** What a route received: the raw bytes as text, or the parsed value. */
const describeBody = (body: unknown) =>
  Buffer.isBuffer(body) ? { raw: body.toString('utf8') } : { parsed: body as unknown };

@Controller('hooks')
class HooksController {
  @Post('signed/:source')
  @HttpCode(200)
  signed(@Param('source') source: string, @Body() body: unknown) {
    return { source, ...describeBody(body) };
  }

  @Post('stripe')
  @HttpCode(200)
  stripe(@Body() body: unknown) {
    return describeBody(body);
  }

  @Post('plain')
  @HttpCode(200)
  plain(@Body() body: unknown) {
    return describeBody(body);
  }
}

// Two modules each keep the body of their own route raw, as two features of one service would.
@Module({ controllers: [HooksController] })
class HooksModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    keepRawJsonBody(fastify, '/hooks/signed/:source');
    keepRawJsonBody(fastify, '/hooks/stripe');
  }
}

describe('keepRawJsonBody', () => {
  let app: NestFastifyApplication;
  let base: string;
  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  beforeAll(async () => {
    app = await createServiceApp(HooksModule, { name: 'raw-json-body-spec', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('hands every path it was given the exact bytes sent, spacing and key order kept', async () => {
    const payload = '{ "b": 1,\n  "a": "é" }';
    const signed = await post('/hooks/signed/crm', payload, 'application/json; charset=utf-8');
    expect(await signed.json()).toEqual({ source: 'crm', raw: payload });
    const stripe = await post('/hooks/stripe', payload);
    expect(await stripe.json()).toEqual({ raw: payload });
  });

  it('passes a raw route bytes that are not even JSON, for the route to judge', async () => {
    const response = await post('/hooks/stripe', '{"a":');
    expect(await response.json()).toEqual({ raw: '{"a":' });
  });

  it("leaves other routes on Fastify's JSON parser, with its 400s and its prototype-poisoning check", async () => {
    const plain = await post('/hooks/plain', '{"a": 1}');
    expect(await plain.json()).toEqual({ parsed: { a: 1 } });

    const malformed = await post('/hooks/plain', '{"a":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ statusCode: 400, message: expect.any(String) });

    const poisoned = await post('/hooks/plain', '{"__proto__": {"admin": true}}');
    expect(poisoned.status).toBe(400);
  });

  it('still answers 415 to another content type, raw route or not', async () => {
    for (const path of ['/hooks/stripe', '/hooks/plain']) {
      const response = await post(path, 'a=1', 'application/x-www-form-urlencoded');
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ statusCode: 415, message: expect.any(String) });
    }
  });
});
