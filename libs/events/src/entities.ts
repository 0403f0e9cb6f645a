import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `outbox`: one event envelope waiting for (or already given to) JetStream. */
@Entity({ name: 'outbox' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ type: 'varchar', length: 200 })
  type!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'jsonb' })
  data!: unknown;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** The W3C trace context the event was written in (`traceparent`, `tracestate`), for the relay to publish. */
  @Column({ name: 'trace_context', type: 'jsonb', nullable: true })
  traceContext!: Record<string, string> | null;
}

/** A row of `processed_events`: consumer `consumer` has handled event `eventId`. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}

/** Entities to add to a service's DataSource to query the event tables through repositories. */
export const eventEntities = [OutboxEvent, ProcessedEvent];
