import type { JsMsg } from '@nats-io/jetstream';
import {
  type EventData,
  type EventEnvelope,
  type EventName,
  eventEnvelopeSchema,
  events,
  findEventDefinition,
} from '@portal/contracts';

/** A message read as an event, or why it is none. */
export type ReadEvent = { event: EventEnvelope; problem?: undefined } | { problem: string };

/**
 * A JetStream message as an event: JSON, an event envelope and, for an event of the catalog at the
 * catalog's version, a payload the entry's schema accepts (`data` is then the parsed payload). Events
 * the catalog does not know, or at another version, pass with their payload as it came.
 */
export function readEvent(message: Pick<JsMsg, 'json'>): ReadEvent {
  let raw: unknown;
  try {
    raw = message.json();
  } catch {
    return { problem: 'not JSON' };
  }
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return { problem: `not an event envelope (${envelope.error.issues[0]?.message})` };
  const event = envelope.data as EventEnvelope;
  const definition = findEventDefinition(event.type);
  if (!definition || definition.version !== event.version) return { event };
  const data = definition.data.safeParse(event.data);
  if (!data.success) {
    return { problem: `event ${event.id}: bad ${event.type} payload (${data.error.issues[0]?.message})` };
  }
  return { event: { ...event, data: data.data } };
}

/** Whether an event `readEvent` answered is the catalog's `name` at its version, its payload typed so. */
export function isCatalogEvent<N extends EventName>(
  event: EventEnvelope,
  name: N,
): event is EventEnvelope<EventData<N>> {
  return event.type === events[name].type && event.version === events[name].version;
}
