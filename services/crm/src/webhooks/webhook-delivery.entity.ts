import type { WebhookDeliveryStatus } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of `webhook_deliveries`: one event for one endpoint (UNIQUE endpoint_id, event_id) or for a
 * ticket's callback URL (endpoint_id null, UNIQUE event_id), the body sent on every attempt, and where
 * the worker stands with it (ADRs 0202, 0206).
 */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid', nullable: true })
  endpointId!: string | null;

  /** A ticket's `callback_url`, when the delivery is a callback rather than for an endpoint. */
  @Column({ name: 'callback_url', type: 'varchar', length: 2000, nullable: true })
  callbackUrl!: string | null;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  /** The NATS envelope's id (the receiver sees it as `evt_…`). */
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 100 })
  eventType!: string;

  @Column({ name: 'request_body', type: 'text' })
  requestBody!: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ name: 'attempt_count', type: 'integer', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** Retries stop after this (created_at + WEBHOOK_RETRY_HOURS; a resend's own attempt past it). */
  @Column({ name: 'retry_until', type: 'timestamptz' })
  retryUntil!: Date;

  /** Set by the worker that claimed it; another worker may take it once it has passed. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
