import { connect } from '@nats-io/transport-node';
import { SessionRevocations } from '@portal/auth';
import { createEventEnvelope, eventTypes, type MetricRecordedData } from '@portal/contracts';
import { TestIdentity, testNatsUrl, uniqueSubjectSpace } from '@portal/testing';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { MetricFeed } from './metric-feed';

type Nats = Awaited<ReturnType<typeof connect>>;

/** An open `GET /api/kpi/stream`, read event by event. */
class EventStream {
  private buffer = '';
  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, token: string): Promise<{ response: Response; stream?: EventStream }> {
    const abort = new AbortController();
    const response = await fetch(`${url}/api/kpi/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!response.ok || !response.body) return { response };
    return { response, stream: new EventStream(response.body.getReader(), abort) };
  }

  /** The next event's block (`event: …` and `data: …` lines), or null once the stream has ended. */
  async next(timeoutMs = 2000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (!block.startsWith(':')) return block;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
      ]);
      if (chunk.done) return null;
      this.buffer += new TextDecoder().decode(chunk.value);
    }
  }

  close(): void {
    this.abort.abort();
  }
}

describe('GET /api/kpi/stream: the dashboard’s live metrics', () => {
  const space = uniqueSubjectSpace();
  const subject = `${space.prefix}.metrics.recorded`;
  let identity: TestIdentity;
  let nats: Nats;
  let gateway: RunningGateway;
  const streamsPerUser = 3;

  beforeAll(async () => {
    identity = await TestIdentity.start('gateway-live');
    nats = await connect({ servers: testNatsUrl() });
    gateway = await startGateway(
      {
        IDENTITY_URL: identity.baseUrl,
        NATS_URL: testNatsUrl(),
        LIVE_STREAMS_PER_USER: String(streamsPerUser),
      },
      { liveMetricsSubject: subject },
    );
  });

  afterAll(async () => {
    // Connections that carried a request while a stream of this client was open are never seen as
    // idle by the HTTP server, so close() would wait for their keep-alive timeout (72 s).
    gateway.app.getHttpServer().closeAllConnections();
    await gateway.close();
    await Promise.all([identity.stop(), nats.close()]);
  });

  const customer = (role = 'customer') => identity.signIn(role);
  const announce = (customerId: string, metricType: MetricRecordedData['metricType']) => {
    const data: MetricRecordedData = {
      metricId: crypto.randomUUID(),
      customerId,
      organizationId: null,
      metricType,
      occurredAt: new Date().toISOString(),
    };
    nats.publish(subject, JSON.stringify(createEventEnvelope(eventTypes.metricRecorded, data)));
    return data;
  };
  const openStreams = () => gateway.app.get(MetricFeed).openStreams();

  async function waitFor(check: () => boolean) {
    const deadline = Date.now() + 2000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("streams only the caller's own metrics, as server-sent events, as they are announced", async () => {
    const [ann, bob] = await Promise.all([customer(), customer()]);
    const { response, stream } = await EventStream.open(gateway.url, ann.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    try {
      expect(await stream!.next()).toBe('retry: 3000\nevent: ready\ndata: {}');
      await waitFor(() => openStreams() === 1);

      announce(bob.id, 'calls');
      const started = performance.now();
      const call = announce(ann.id, 'calls');
      expect(await stream!.next()).toBe(
        `event: metric\ndata: ${JSON.stringify({ metricType: 'calls', occurredAt: call.occurredAt })}`,
      );
      expect(performance.now() - started).toBeLessThan(500);

      // Bob's metric never reached Ann's stream: her next event is her own lead.
      const lead = announce(ann.id, 'leads');
      expect(await stream!.next()).toBe(
        `event: metric\ndata: ${JSON.stringify({ metricType: 'leads', occurredAt: lead.occurredAt })}`,
      );
    } finally {
      stream?.close();
    }
    await waitFor(() => openStreams() === 0);
  });

  it('ignores a malformed announcement and keeps streaming', async () => {
    const cal = await customer();
    const { stream } = await EventStream.open(gateway.url, cal.token);
    try {
      await stream!.next();
      await waitFor(() => openStreams() === 1);
      nats.publish(subject, 'not json');
      nats.publish(
        subject,
        JSON.stringify(createEventEnvelope(eventTypes.metricRecorded, { customerId: cal.id })),
      );
      announce(cal.id, 'conversions');
      expect(await stream!.next()).toContain('"metricType":"conversions"');
    } finally {
      stream?.close();
    }
  });

  it('closes the streams of a signed-out session as soon as the revocation arrives, and no other', async () => {
    const dee = await customer();
    const deeElsewhere = await identity.signIn('customer', { sub: dee.id, org: dee.organizationId });
    const [first, second, other] = await Promise.all([
      EventStream.open(gateway.url, dee.token),
      EventStream.open(gateway.url, dee.token),
      EventStream.open(gateway.url, deeElsewhere.token),
    ]);
    for (const { stream } of [first, second, other]) await stream!.next();
    await waitFor(() => openStreams() === 3);
    const started = performance.now();
    // What the revocation feed does when identity's `portal.sessions.revoked` arrives over NATS.
    gateway.app.get(SessionRevocations).revoke(dee.sessionId, new Date(Date.now() + 60_000));
    expect(await first.stream!.next()).toBeNull();
    expect(await second.stream!.next()).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
    await waitFor(() => openStreams() === 1);
    // The same user's other session keeps its stream.
    const call = announce(dee.id, 'calls');
    expect(await other.stream!.next()).toContain(call.occurredAt);
    other.stream!.close();
    await waitFor(() => openStreams() === 0);
  });

  it(`answers 429 to a user's stream beyond ${streamsPerUser}, and a closed one frees its slot`, async () => {
    const [eve, fay] = await Promise.all([customer(), customer()]);
    const opened = await Promise.all(
      Array.from({ length: streamsPerUser }, () => EventStream.open(gateway.url, eve.token)),
    );
    try {
      expect(opened.map(({ response }) => response.status)).toEqual(Array(streamsPerUser).fill(200));
      for (const { stream } of opened) await stream!.next();

      const refused = await EventStream.open(gateway.url, eve.token);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.response.headers.get('retry-after')).toBe('10');
      expect(await refused.response.json()).toEqual({
        statusCode: 429,
        message: 'Too many live updates are open for your account. Please close one and try again.',
      });
      // Another user is not held back by Eve's streams.
      const fays = await EventStream.open(gateway.url, fay.token);
      expect(fays.response.status).toBe(200);
      fays.stream!.close();

      opened[0].stream!.close();
      await waitFor(() => openStreams() === streamsPerUser - 1);
      const again = await EventStream.open(gateway.url, eve.token);
      expect(again.response.status).toBe(200);
      opened[0] = again;
    } finally {
      for (const { stream } of opened) stream?.close();
    }
    await waitFor(() => openStreams() === 0);
  });

  it('answers 401 without a valid token and 403 to staff, as JSON', async () => {
    const anonymous = await fetch(`${gateway.url}/api/kpi/stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ statusCode: 401, message: 'Authentication required' });
    expect((await EventStream.open(gateway.url, 'not-a-token')).response.status).toBe(401);
    const staff = await EventStream.open(gateway.url, (await customer('admin')).token);
    expect(staff.response.status).toBe(403);
  });

  it('ends open streams when the gateway shuts down, so it stops at once', async () => {
    const other = await startGateway(
      { IDENTITY_URL: identity.baseUrl, NATS_URL: testNatsUrl() },
      { liveMetricsSubject: subject },
    );
    const { stream } = await EventStream.open(other.url, (await customer()).token);
    await stream!.next();
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await stream!.next()).toBeNull();
  });
});
