import type { ReadinessReport } from '@portal/nest-http';
import { serviceStates } from './service-states';

const report = (down: string[] = []): ReadinessReport => ({
  status: 'ok',
  checks: Object.fromEntries(
    ['postgres', 'nats', 'redis', 'identity', 'commerce', 'crm', 'support', 'kpi'].map((name) => [
      name,
      { status: down.includes(name) ? 'down' : 'up', latencyMs: 1, required: false },
    ]),
  ),
});
const allUp = { website: true, publicApi: true };

describe('the status page services from the gateway readiness', () => {
  it('calls every service operational when everything answers', () => {
    expect(serviceStates(report(), allUp)).toEqual({
      website: 'operational',
      'customer-portal': 'operational',
      api: 'operational',
      'integrations-ingest': 'operational',
      'live-metrics': 'operational',
    });
  });

  it('makes identity an outage of the portal and the API, and another dashboard service a degradation', () => {
    expect(serviceStates(report(['identity']), allUp)).toMatchObject({
      'customer-portal': 'outage',
      api: 'outage',
      'integrations-ingest': 'operational',
    });
    expect(serviceStates(report(['commerce']), allUp)).toMatchObject({
      'customer-portal': 'degraded',
      api: 'operational',
    });
  });

  it('takes crm to the ingest (outage) and the API (degraded); kpi or NATS to live metrics', () => {
    expect(serviceStates(report(['crm']), allUp)).toMatchObject({
      'integrations-ingest': 'outage',
      api: 'degraded',
      'customer-portal': 'degraded',
    });
    expect(serviceStates(report(['kpi']), allUp)['live-metrics']).toBe('outage');
    expect(serviceStates(report(['nats']), allUp)['live-metrics']).toBe('outage');
  });

  it('reads the website and the /v1 path from the self checks', () => {
    expect(serviceStates(report(), { website: false, publicApi: true }).website).toBe('outage');
    expect(serviceStates(report(), { website: true, publicApi: false }).api).toBe('outage');
  });
});
