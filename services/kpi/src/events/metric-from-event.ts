import type { EventData, EventEnvelope, MetricType } from '@portal/contracts';
import type { NewMetric } from '../metrics/metrics.service';

/** The catalog events that count as a customer's metric: a call, a lead, a conversion. */
export type CustomerActivityEvent = 'callCompleted' | 'leadGenerated' | 'leadConverted';

/** The metric of type `metricType` that a customer's activity event counts as. */
export function metricFromEvent(
  event: EventEnvelope<EventData<CustomerActivityEvent>>,
  metricType: MetricType,
): NewMetric {
  const { customerId, organizationId, integrationId, occurredAt } = event.data;
  return { customerId, organizationId, integrationId, metricType, occurredAt, sourceEventId: event.id };
}
