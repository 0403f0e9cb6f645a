export {
  addOutboxTraceContext,
  createEventTables,
  dropEventTables,
  dropOutboxTraceContext,
  CreateEventTables1763830000000,
  OutboxTraceContext1767000000000,
} from './tables';
export { eventEntities, OutboxEvent, ProcessedEvent } from './entities';
export { enqueueCatalogEvent, enqueueEvent } from './enqueue';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { OUTBOX_CHANNEL, OutboxWakeups, type WakeupsListener } from './outbox-wakeups';
export {
  type NatsStatus,
  OutboxRelayModule,
  type OutboxRelayModuleOptions,
  OutboxRelayService,
} from './outbox-relay.module';
export {
  EventConsumer,
  type EventConsumerOptions,
  type EventContext,
  type EventHandler,
} from './event-consumer';
export {
  type CatalogConsumerOptions,
  type CatalogEventHandler,
  type CatalogHandlers,
  catalogFilterSubject,
  consumeCatalogEvents,
  dispatchCatalogEvents,
} from './catalog-consumer';
export {
  CONSUMED_EVENTS_OPTIONS,
  type ConsumeAs,
  type ConsumedEventsOptions,
  consumedEventsProvider,
  ServiceConsumers,
} from './service-consumers';
export { deadLetterStream, DEFAULT_STREAM, ensureStream, portalStream, type StreamOptions } from './stream';
export { NatsLink, type NatsConnection, type NatsLinkOptions } from './nats-link';
export { isCatalogEvent, type ReadEvent, type ReadEventOptions, readEvent } from './read-event';
export { ReaderLoop } from './reader-loop';
export { RetryPause } from './retry-pause';
export { consoleEventsLogger, type EventsLogger } from './logger';
export { type HealthBody, HealthController, ServiceHealthModule } from './service-health';
export { activeTraceCarrier, type TraceCarrier } from './trace-context';
