import {
  createEventEnvelope,
  type EventData,
  type EventEnvelope,
  type EventName,
  events,
  findEventDefinition,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { OUTBOX_CHANNEL } from './outbox-wakeups';
import { activeTraceCarrier } from './trace-context';

const SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * Writes an event into the outbox with the caller's transaction: the event exists if and only if
 * the transaction commits. The relay publishes it as soon as it commits (or at its next poll). When `type` is in the contracts catalog,
 * `data` must match its payload schema. Returns the envelope (its id is the event id).
 */
export async function enqueueEvent<T>(
  manager: EntityManager,
  subject: string,
  type: string,
  data: T,
  version = 1,
): Promise<EventEnvelope<T>> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('enqueueEvent must run inside a transaction, e.g. dataSource.transaction(...)');
  }
  if (!SUBJECT.test(subject)) throw new Error(`Invalid event subject "${subject}"`);
  const definition = findEventDefinition(type);
  if (definition && definition.version === version) definition.data.parse(data);
  const envelope = createEventEnvelope(type, data, version);
  // The NOTIFY is delivered when the transaction commits: the relay wakes for the committed row. The
  // row keeps the trace it was written in, for the relay to hand on in the message's headers.
  const trace = activeTraceCarrier();
  await manager.query(
    `WITH queued AS (
       INSERT INTO outbox (id, subject, type, version, occurred_at, data, trace_context)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id
     )
     SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM queued`,
    [
      envelope.id,
      subject,
      envelope.type,
      envelope.version,
      envelope.occurredAt,
      JSON.stringify(data),
      trace && JSON.stringify(trace),
    ],
  );
  return envelope;
}

/** `enqueueEvent` for an event of the contracts catalog: subject, type, version and payload typed. */
export function enqueueCatalogEvent<N extends EventName>(
  manager: EntityManager,
  name: N,
  data: EventData<N>,
): Promise<EventEnvelope<EventData<N>>> {
  const definition = events[name];
  return enqueueEvent(manager, definition.subject, definition.type, data, definition.version);
}
