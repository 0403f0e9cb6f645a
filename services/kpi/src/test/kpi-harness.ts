import { jetstream } from '@nats-io/jetstream';
import {
  createEventEnvelope,
  type EventEnvelope,
  events,
  type EventData,
  type EventName,
} from '@portal/contracts';
import {
  connectTestJetStream,
  request,
  type ServiceHarness,
  type SignedInUser,
  startServiceHarness,
  startWithTestIdentity,
  type TestIdentity,
  testNatsUrl,
  uniqueSubjectSpace,
  type WithSignIn,
} from '@portal/testing';
import { ensureStream } from '@portal/events';
import { AppModule } from '../app.module';
import type { Clock } from '../clock';
import { kpiEntities } from '../database';
import { kpiMigrations } from '../migrations';

export type Customer = SignedInUser;

/** kpi on its own stream, before `startKpi` adds the test identity's `signIn`. */
interface KpiWithoutSignIn {
  service: ServiceHarness;
  /** The service's "now"; tests move it. */
  clock: Clock & { current: Date };
  /** Publishes a catalog event on the stack's own stream, as the producing service's relay would. */
  publish<N extends EventName>(name: N, data: EventData<N>, envelope?: EventEnvelope): Promise<EventEnvelope>;
  /** `GET /api/kpi/metrics` as `who`. */
  metrics(who?: Customer): ReturnType<typeof request>;
  close(): Promise<void>;
}

export type KpiStack = WithSignIn<KpiWithoutSignIn>;

/**
 * kpi on a throwaway database, consuming a JetStream stream and subject space of the test's own
 * (never the real `PORTAL`), verifying tokens against a JWKS of a test key, with a settable clock.
 */
export function startKpi(): Promise<KpiStack> {
  return startWithTestIdentity('kpi-test', startKpiAgainst);
}

async function startKpiAgainst(identity: TestIdentity): Promise<KpiWithoutSignIn> {
  const space = uniqueSubjectSpace();
  const stream = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 120_000 };
  const clock = { current: new Date(), now: () => clock.current };
  const jetStream = await connectTestJetStream(stream.name);
  await ensureStream(jetStream.jsm, stream);
  const service = await startServiceHarness({
    name: 'kpi',
    createModule: (config) =>
      AppModule.forRoot({
        ...config,
        identityUrl: identity.baseUrl,
        events: { natsUrl: testNatsUrl(), stream, subjectPrefix: space.prefix },
        clock,
      }),
    migrations: kpiMigrations,
    entities: kpiEntities,
  }).catch(async (error: unknown) => {
    await jetStream.close();
    throw error;
  });
  const js = jetstream(jetStream.nats);
  return {
    service,
    clock,
    async publish(name, data, envelope) {
      const definition = events[name];
      const message = envelope ?? createEventEnvelope(definition.type, data, definition.version);
      const subject = definition.subject.replace(/^portal\./, `${space.prefix}.`);
      // A message id of its own: a re-publish reaches the consumer, which must count it once.
      await js.publish(subject, JSON.stringify(message), { msgID: `${message.id}-${Math.random()}` });
      return message;
    },
    metrics: (who) => request(service.baseUrl, 'GET', '/api/kpi/metrics', { token: who?.token }),
    async close() {
      await service.close();
      await jetStream.close();
    },
  };
}
