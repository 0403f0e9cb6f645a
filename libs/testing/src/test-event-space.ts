import { jetstream } from '@nats-io/jetstream';
import {
  createEventEnvelope,
  type EventData,
  type EventEnvelope,
  type EventName,
  events,
  type MembershipChangedData,
  type UserDeletedData,
} from '@portal/contracts';
import { testNatsUrl } from './env';
import { uniqueSubjectSpace } from './names';
import { connectTestJetStream } from './test-jetstream';

/** Where a service under test consumes events from: the test NATS, a stream and subject space of the test's own. */
export interface TestEventsOptions {
  natsUrl: string;
  stream: { name: string; subjects: string[]; duplicateWindowMs: number };
  /** Replaces `portal` as the first token of every subject. */
  subjectPrefix: string;
}

export interface TestEventSpace {
  /** Hand these to the service's consumers (never the real `PORTAL` stream). */
  events: TestEventsOptions;
  /**
   * Publishes a catalog event as the producing service's relay would; `envelope` publishes that
   * envelope again (a redelivery), under a message id of its own so the stream does not drop it.
   */
  publish<N extends EventName>(name: N, data: EventData<N>, envelope?: EventEnvelope): Promise<EventEnvelope>;
  /** Deletes the stream and disconnects. */
  close(): Promise<void>;
}

/** A JetStream stream and subject space of one test suite's own, and a publisher of catalog events on it. */
export async function startTestEventSpace(): Promise<TestEventSpace> {
  const space = uniqueSubjectSpace();
  const stream = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 120_000 };
  const connection = await connectTestJetStream(stream.name);
  try {
    await connection.jsm.streams.add({
      name: stream.name,
      subjects: stream.subjects,
      duplicate_window: stream.duplicateWindowMs * 1_000_000,
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  const js = jetstream(connection.nats);
  return {
    events: { natsUrl: testNatsUrl(), stream, subjectPrefix: space.prefix },
    async publish(name, data, envelope) {
      const definition = events[name];
      const message = envelope ?? createEventEnvelope(definition.type, data, definition.version);
      const subject = definition.subject.replace(/^portal\./, `${space.prefix}.`);
      await js.publish(subject, JSON.stringify(message), { msgID: `${message.id}-${Math.random()}` });
      return message;
    },
    close: () => connection.close(),
  };
}

/**
 * A stack started on a test event space of its own: the space starts first and closes last (also when
 * the stack fails to start). `startOnTestEventSpace('crm', (events) => startCrm({ accountEvents: events }))`
 * gives `{ crm, events, close }`: `events.publish(…)` feeds the stack's consumers.
 */
export async function startOnTestEventSpace<K extends string, T extends { close(): Promise<void> }>(
  key: K,
  start: (events: TestEventsOptions) => Promise<T>,
): Promise<Record<K, T> & { events: TestEventSpace; close(): Promise<void> }> {
  const events = await startTestEventSpace();
  const started = await start(events.events).catch(async (error: unknown) => {
    await events.close();
    throw error;
  });
  const stack = {
    events,
    async close() {
      await started.close();
      await events.close();
    },
  };
  return Object.assign(stack, { [key]: started } as Record<K, T>);
}

/** The `portal.users.deleted` payload of `who` having deleted their account (`deletedAt`: now). */
export function userDeletedData(
  who: { id: string; organizationId: string | null },
  organizationDeleted = false,
  deletedAt = new Date().toISOString(),
): UserDeletedData {
  return { userId: who.id, organizationId: who.organizationId, organizationDeleted, deletedAt };
}

/**
 * The `portal.memberships.changed` payload identity's migration enqueues for `who` made the owner of
 * the organization of their own (`claimsLegacyData`: their data of before organizations moves to it).
 */
export function legacyOwnershipData(
  who: { id: string },
  organizationId: string,
  version = 1,
): MembershipChangedData {
  return {
    organizationId,
    userId: who.id,
    role: 'owner',
    version,
    claimsLegacyData: true,
    changedAt: new Date().toISOString(),
  };
}
