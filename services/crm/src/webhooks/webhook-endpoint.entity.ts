import type { WebhookEndpointStatus, WebhookEventType } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A row of `webhook_endpoints`: where an organization wants its events posted (ADR 0202). */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: WebhookEventType[];

  @Column({ type: 'varchar', length: 200, nullable: true })
  description!: string | null;

  /** Signs every delivery, sealed by SecretBox; shown to the member once, at creation. */
  @Column({ name: 'signing_secret', type: 'text', select: false })
  signingSecret!: string;

  @Column({ type: 'varchar', length: 10, default: 'active' })
  status!: WebhookEndpointStatus;

  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
