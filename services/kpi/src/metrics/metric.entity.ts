import type { MetricType } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A KPI metric: one call, lead or conversion of a customer (metricType, timestamp). */
@Entity({ name: 'metrics' })
export class MetricEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId!: string | null;

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
