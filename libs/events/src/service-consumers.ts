import { Inject, Injectable, type BeforeApplicationShutdown, type ValueProvider } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventName } from '@portal/contracts';
import { splitDatabaseUrl } from '@portal/db-admin';
import type { DataSource } from 'typeorm';
import { type CatalogHandlers, consumeCatalogEvents } from './catalog-consumer';
import type { EventConsumer } from './event-consumer';
import type { EventsLogger } from './logger';
import type { StreamOptions } from './stream';

/** Where a service consumes catalog events from. */
export interface ConsumedEventsOptions {
  /** Unset: nothing is consumed (events wait in the stream until NATS is configured). */
  natsUrl?: string;
  /** The service's database: its name starts the durable names. */
  databaseUrl: string;
  /** Default `PORTAL`; tests use a stream and subject prefix of their own. */
  stream?: StreamOptions;
  /** First token of the subjects consumed; default `portal`. */
  subjectPrefix?: string;
}

/** The injection token of a service's `ConsumedEventsOptions` (see `consumedEventsProvider`). */
export const CONSUMED_EVENTS_OPTIONS = Symbol('CONSUMED_EVENTS_OPTIONS');

/**
 * The provider of `CONSUMED_EVENTS_OPTIONS` in a service's root module: the service's database, and
 * `events` (a test's stream) or else the stream `PORTAL` at the service's `natsUrl`.
 */
export function consumedEventsProvider(
  config: { databaseUrl: string; natsUrl?: string },
  events?: Omit<ConsumedEventsOptions, 'databaseUrl'>,
): ValueProvider<ConsumedEventsOptions> {
  return {
    provide: CONSUMED_EVENTS_OPTIONS,
    useValue: { databaseUrl: config.databaseUrl, ...(events ?? { natsUrl: config.natsUrl }) },
  };
}

/** Starts one durable consumer of catalog events named `<database>_<name>`. */
export type ConsumeAs = <N extends EventName>(
  name: string,
  handlers: CatalogHandlers<N>,
  options?: { maxDeliver?: number },
) => EventConsumer;

/**
 * A service's durable catalog consumers: a feature module lists `ServiceConsumers` among its providers,
 * and the provider that handles events calls `start(…)` on bootstrap; they stop on shutdown. Durable
 * names start with the database's name, so stacks sharing one NATS (a developer's `npm start` and the
 * e2e suite) each handle every event, while replicas of one stack share the work. Outside Nest's
 * injection (other options): `new ServiceConsumers(options, dataSource)` and `stop()` it yourself.
 */
@Injectable()
export class ServiceConsumers implements BeforeApplicationShutdown {
  private readonly consumers: EventConsumer[] = [];

  constructor(
    @Inject(CONSUMED_EVENTS_OPTIONS) private readonly options: ConsumedEventsOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Starts the consumers `create` makes with `consume`, logging through `logger`; without a NATS URL
   * it starts none and warns `NATS_URL is not set: <notHandled>`. True when they started.
   */
  start(logger: EventsLogger, notHandled: string, create: (consume: ConsumeAs) => EventConsumer[]): boolean {
    const { natsUrl, databaseUrl, stream, subjectPrefix } = this.options;
    if (!natsUrl) {
      logger.warn(`NATS_URL is not set: ${notHandled}`);
      return false;
    }
    const database = splitDatabaseUrl(databaseUrl).database.replace(/[^A-Za-z0-9_-]/g, '_');
    const consume: ConsumeAs = (name, handlers, { maxDeliver } = {}) =>
      consumeCatalogEvents({
        dataSource: this.dataSource,
        natsUrl,
        stream,
        subjectPrefix,
        durable: `${database}_${name}`,
        maxDeliver,
        handlers,
        logger,
      });
    const started = create(consume);
    this.consumers.push(...started);
    for (const consumer of started) consumer.start();
    return true;
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }

  /** True while every consumer is connected (or none runs). */
  isConnected(): boolean {
    return this.consumers.every((consumer) => consumer.isConnected());
  }
}
