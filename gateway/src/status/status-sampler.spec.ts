import { connect } from '@nats-io/transport-node';
import { eventEnvelopeSchema, statusSampledDataSchema } from '@portal/contracts';
import { closedPort, startTestEventSpace, type TestEventSpace, testNatsUrl } from '@portal/testing';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { StatusSampler } from './status-sampler';

type Nats = Awaited<ReturnType<typeof connect>>;

describe('the status sampler: the gateway measures the customer-facing services and publishes the sample', () => {
  let space: TestEventSpace;
  let nats: Nats;
  let gateway: RunningGateway;
  let subject: string;

  beforeAll(async () => {
    space = await startTestEventSpace();
    // Nothing listens there: every backend service is down.
    const down = `http://127.0.0.1:${await closedPort()}`;
    subject = `${space.events.subjectPrefix}.status.sampled`;
    nats = await connect({ servers: testNatsUrl() });
    gateway = await startGateway(
      {
        NATS_URL: testNatsUrl(),
        IDENTITY_URL: down,
        COMMERCE_URL: down,
        CRM_URL: down,
        SUPPORT_URL: down,
        KPI_URL: down,
      },
      // Samples are taken by hand below, not on the interval.
      { statusSampleSubject: subject },
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([nats?.close(), space?.close()]);
  });

  it('publishes a status.sampled event on JetStream with every service, down ones as outages', async () => {
    const received = new Promise<string>((resolve) => {
      nats.subscribe(subject, {
        max: 1,
        callback: (_error: Error | null, message: { string(): string }) => resolve(message.string()),
      });
    });
    await nats.flush();
    expect(await gateway.app.get(StatusSampler).sampleAndPublish()).toBe(true);
    const envelope = eventEnvelopeSchema.parse(JSON.parse(await received));
    expect(envelope).toMatchObject({ type: 'status.sampled', version: 1 });
    const data = statusSampledDataSchema.parse(envelope.data);
    expect(Date.now() - Date.parse(data.sampledAt)).toBeLessThan(10_000);
    const states = Object.fromEntries(data.services.map(({ service, state }) => [service, state]));
    expect(Object.keys(states)).toEqual([
      'website',
      'customer-portal',
      'api',
      'integrations-ingest',
      'live-metrics',
    ]);
    expect(states).toMatchObject({
      'customer-portal': 'outage',
      api: 'outage',
      'integrations-ingest': 'outage',
      'live-metrics': 'outage',
    });
  });
});
