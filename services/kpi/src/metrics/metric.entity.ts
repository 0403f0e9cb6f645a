import type { MetricType } from '@portal/contracts';
import { CustomerRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

/** A KPI metric: one call, lead or conversion of a customer (metricType, timestamp). */
@Entity({ name: 'metrics' })
export class MetricEntity extends CustomerRow {
  @Column({ name: 'metric_type', type: 'varchar', length: 16 })
  metricType!: MetricType;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'source_event_id', type: 'uuid' })
  sourceEventId!: string;

  @Column({ name: 'integration_id', type: 'uuid', nullable: true })
  integrationId!: string | null;

  @CreateDateColumn({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;
}
