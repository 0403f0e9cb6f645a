import type { MeasuredState, StatusServiceId } from '@portal/contracts';
import type { ReadinessReport } from '@portal/nest-http';

/** What the gateway's own requests to itself found, beside its readiness report. */
export interface SelfChecks {
  /** `GET /` answered 200 with the shell's HTML. */
  website: boolean;
  /** `GET /v1/tickets` without a key answered the public API's own 401. */
  publicApi: boolean;
}

/**
 * Each customer-facing service's state from the gateway's readiness report (each backend service is up
 * while one of its replicas answers `/health`; NATS is the gateway's own link) and its self checks
 * (ADR 0235):
 * - website: the static site answers;
 * - customer portal: sign-in (identity) is needed, the dashboard's data (commerce, crm, support, kpi) is
 *   degraded without one of them;
 * - API: the /v1 path answers and support (tickets, agents) and identity (the keys) are up; crm (webhook
 *   endpoints) down degrades it;
 * - integrations ingest: crm is up;
 * - live metrics: kpi records them and the gateway's NATS link carries them to the streams.
 */
export function serviceStates(
  report: ReadinessReport,
  self: SelfChecks,
): Record<StatusServiceId, MeasuredState> {
  const up = (name: string) => report.checks[name]?.status === 'up';
  const worst = (required: boolean, optional: boolean): MeasuredState =>
    !required ? 'outage' : !optional ? 'degraded' : 'operational';
  const natsUp = report.checks.nats === undefined || up('nats');
  return {
    website: self.website ? 'operational' : 'outage',
    'customer-portal': worst(up('identity'), up('commerce') && up('crm') && up('support') && up('kpi')),
    api: worst(self.publicApi && up('support') && up('identity'), up('crm')),
    'integrations-ingest': up('crm') ? 'operational' : 'outage',
    'live-metrics': up('kpi') && natsUp ? 'operational' : 'outage',
  };
}
