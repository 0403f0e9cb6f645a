import {
  type BeforeApplicationShutdown,
  Controller,
  Get,
  Module,
  type OnApplicationShutdown,
  Query,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Agent, request } from 'undici';
import { createServiceApp, shutDownGracefully } from './index';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const events: string[] = [];

@Controller()
class SlowController {
  @Get('slow')
  async slow(@Query('ms') ms: string) {
    await new Promise((resolve) => setTimeout(resolve, Number(ms)).unref());
    events.push(`answered after ${ms} ms`);
    return { done: true };
  }
}

/** Event consumers and the outbox relay stop before the listener closes (they need the pools). */
class ConsumerLike implements BeforeApplicationShutdown {
  beforeApplicationShutdown(): void {
    events.push('consumers stopped');
  }
}

class PoolLike implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    events.push('pools closed');
  }
}

@Module({ controllers: [SlowController], providers: [ConsumerLike, PoolLike] })
class SlowModule {}

describe('shutDownGracefully', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  // Keep-alive connections, as the gateway's upstream pool holds them.
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const get = (path: string) => request(`${baseUrl}${path}`, { dispatcher: agent });

  beforeEach(async () => {
    events.length = 0;
    app = await createServiceApp(SlowModule, { name: 'slow', logStream: { write: () => undefined } });
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });

  afterAll(() => agent.close());

  it('fails readiness at once, serves through the drain, finishes in-flight requests, then stops and exits 0', async () => {
    const exits: number[] = [];
    let draining = false;
    const inFlight = get('/slow?ms=800');
    await pause(50);

    const stopped = shutDownGracefully(app, {
      drainMs: 300,
      onDraining: () => (draining = true),
      log: (message) => events.push(message),
      exit: (code) => exits.push(code),
    });
    expect(draining).toBe(true);
    // Still served during the drain, on the kept-alive connection and on a new one.
    const duringDrain = await get('/slow?ms=10');
    expect(duringDrain.statusCode).toBe(200);
    await duringDrain.body.json();
    const fresh = await request(`${baseUrl}/slow?ms=10`);
    expect(fresh.statusCode).toBe(200);
    await fresh.body.json();

    const answer = await inFlight;
    expect(answer.statusCode).toBe(200);
    expect(await answer.body.json()).toEqual({ done: true });
    const closing = Date.now();
    await stopped;
    expect(exits).toEqual([0]);
    // The kept-alive connection was closed once idle, not held until the grace ran out.
    expect(Date.now() - closing).toBeLessThan(1_000);
    // The pools outlive the requests in flight and the consumers' current message.
    expect(events.indexOf('answered after 800 ms')).toBeLessThan(events.indexOf('pools closed'));
    expect(events.indexOf('consumers stopped')).toBeLessThan(events.indexOf('pools closed'));
    await expect(request(`${baseUrl}/slow?ms=10`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts a request that outlasts the grace and still stops', async () => {
    const exits: number[] = [];
    const endless = get('/slow?ms=5000').catch((error: Error) => error);
    await pause(50);
    const started = Date.now();
    await shutDownGracefully(app, {
      drainMs: 0,
      graceMs: 300,
      log: (message) => events.push(message),
      exit: (code) => exits.push(code),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(exits).toEqual([0]);
    expect(await endless).toBeInstanceOf(Error);
    expect(events).toContain('requests still open after 300 ms: closing their connections');
  });
});
