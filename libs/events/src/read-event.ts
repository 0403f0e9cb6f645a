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

export interface ReadEventOptions {
  /**
   * The catalog types whose version is enforced: the ones the reader handles. Absent: every type of the
   * catalog. A consumer of `portal.leads.>` that handles `lead.generated` need not refuse a
   * `lead.created` of a version it would never have read anyway.
   */
  reads?: ReadonlySet<string>;
}

/**
 * A JetStream message as an event: JSON, an event envelope and, for an event of the catalog, the
 * catalog's version and a payload the entry's schema accepts (`data` is then the parsed payload).
 *
 * An event of a type the catalog knows at another version is a problem, so the consumer dead-letters
 * it with the reason rather than acknowledging it unread: this build cannot read it (a new version is
 * a new message, whose payload may have lost or changed fields), and the dead letter keeps it for
 * replay once a build that reads it runs. Types the catalog does not know pass with their payload as
 * it came: a consumer of a wildcard subject would otherwise dead-letter every event added after it was
 * built, and catalog consumers acknowledge such events untouched (`dispatchCatalogEvents`).
 */
export function readEvent(message: Pick<JsMsg, 'json'>, options: ReadEventOptions = {}): ReadEvent {
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
  if (!definition || (options.reads && !options.reads.has(event.type))) return { event };
  if (definition.version !== event.version) {
    return {
      problem: `event ${event.id}: ${event.type} version ${event.version} is not readable by this consumer (reads version ${definition.version})`,
    };
  }
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
