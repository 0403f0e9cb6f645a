import {
  type EventData,
  type EventEnvelope,
  type EventName,
  events,
  SUBJECT_PREFIX,
} from '@portal/contracts';
import {
  EventConsumer,
  type EventConsumerOptions,
  type EventContext,
  type EventHandler,
} from './event-consumer';
import { isCatalogEvent } from './read-event';

/** A handler of one catalog event: its envelope's `data` has that event's payload type. */
export type CatalogEventHandler<N extends EventName> = (
  event: EventEnvelope<EventData<N>>,
  context: EventContext,
) => Promise<void>;

/** One handler per catalog event name; a name the catalog does not have does not compile. */
export type CatalogHandlers<N extends EventName> = { [K in N]: CatalogEventHandler<K> };

export interface CatalogConsumerOptions<N extends EventName> extends Omit<
  EventConsumerOptions,
  'filterSubjects' | 'handler'
> {
  handlers: CatalogHandlers<N>;
  /** First token of the subjects consumed; default `portal`. Tests use a subject space of their own. */
  subjectPrefix?: string;
}

/**
 * The handler that runs `handlers[name]` for an event of that catalog entry (same type and version,
 * so its payload was validated against the entry's schema on arrival) and acknowledges any other
 * event without doing anything.
 */
export function dispatchCatalogEvents<N extends EventName>(handlers: CatalogHandlers<N>): EventHandler {
  const names = Object.keys(handlers) as N[];
  for (const name of names) {
    if (!Object.hasOwn(events, name)) throw new Error(`"${name}" is no event of the contracts catalog`);
  }
  return async (event, context) => {
    for (const name of names) if (isCatalogEvent(event, name)) return handlers[name](event, context);
  };
}

/**
 * The one subject filter that receives every event of `names`: the subject itself for one event,
 * else the wildcard over the tokens their subjects share (`portal.leads.>`). One filter, because
 * nats-server before 2.10 takes a single filter subject per consumer.
 */
export function catalogFilterSubject(names: readonly EventName[], prefix = SUBJECT_PREFIX): string {
  const subjects = names.map((name) => events[name].subject.replace(/^[^.]+/, prefix));
  const [first] = subjects;
  if (first === undefined) throw new Error('A catalog consumer needs at least one event');
  if (subjects.every((subject) => subject === first)) return first;
  const tokens = subjects.map((subject) => subject.split('.'));
  let shared = 0;
  while (tokens.every((subject) => subject[shared] === tokens[0][shared])) shared += 1;
  return `${tokens[0].slice(0, shared).join('.')}.>`;
}

/**
 * A durable consumer of catalog events: it receives the subjects of the events in `handlers` and
 * gives each event to the handler registered under its catalog name, with `data` typed by that entry.
 * A handled event at a version other than the catalog's is dead-lettered with the reason.
 */
export function consumeCatalogEvents<N extends EventName>({
  handlers,
  subjectPrefix,
  ...options
}: CatalogConsumerOptions<N>): EventConsumer {
  const names = Object.keys(handlers) as N[];
  return new EventConsumer({
    ...options,
    filterSubjects: [catalogFilterSubject(names, subjectPrefix)],
    handler: dispatchCatalogEvents(handlers),
    // Only the handled events are refused at another version; the others are acknowledged untouched.
    readsTypes: names.filter((name) => Object.hasOwn(events, name)).map((name) => events[name].type),
  });
}
