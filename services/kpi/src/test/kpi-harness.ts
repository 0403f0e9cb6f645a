import type { EventData, EventEnvelope, EventName } from '@portal/contracts';
import {
  request,
  type ServiceHarness,
  type SignedInUser,
  startServiceHarness,
  startTestEventSpace,
  startWithTestIdentity,
  type TestIdentity,
  type WithSignIn,
} from '@portal/testing';
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
  /** `GET /api/kpi/metrics` as `who`, with a query string (`range=7d`) when given. */
  metrics(who?: Customer, query?: string): ReturnType<typeof request>;
  /** `GET /api/kpi/metrics/export` as `who`: the raw response (a CSV download, or a JSON error). */
  exportCsv(who?: Customer, query?: string): Promise<Response>;
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
  const clock = { current: new Date(), now: () => clock.current };
  const events = await startTestEventSpace();
  const service = await startServiceHarness({
    name: 'kpi',
    createModule: (config) =>
      AppModule.forRoot({ ...config, identityUrl: identity.baseUrl, events: events.events, clock }),
    migrations: kpiMigrations,
    entities: kpiEntities,
  }).catch(async (error: unknown) => {
    await events.close();
    throw error;
  });
  return {
    service,
    clock,
    publish: (name, data, envelope) => events.publish(name, data, envelope),
    metrics: (who, query) =>
      request(service.baseUrl, 'GET', `/api/kpi/metrics${query ? `?${query}` : ''}`, { token: who?.token }),
    exportCsv: (who, query) =>
      fetch(`${service.baseUrl}/api/kpi/metrics/export${query ? `?${query}` : ''}`, {
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      }),
    async close() {
      await service.close();
      await events.close();
    },
  };
}
