import {
  type CallCompletedData,
  type CustomerLeadData,
  type EventEnvelope,
  eventTypes,
  type MetricType,
} from '@portal/contracts';
import type { NewMetric } from '../metrics/metric-recorder';

const metricTypeByEvent: Record<string, MetricType> = {
  [eventTypes.callCompleted]: 'calls',
  [eventTypes.leadGenerated]: 'leads',
  [eventTypes.leadConverted]: 'conversions',
};

/**
 * The metric a customer's activity event counts as, or null for an event that is no metric (the
 * contact form's `lead.created`, say). Payloads were validated against the catalog on arrival.
 */
export function metricFromEvent(event: EventEnvelope): NewMetric | null {
  const metricType = metricTypeByEvent[event.type];
  if (!metricType) return null;
  const data = event.data as CallCompletedData | CustomerLeadData;
  return {
    customerId: data.customerId,
    organizationId: data.organizationId,
    integrationId: data.integrationId,
    metricType,
    occurredAt: data.occurredAt,
    sourceEventId: event.id,
  };
}
