import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `webhook_attempts`: one HTTP attempt of a delivery, as its log shows it (ADR 0202). */
@Entity({ name: 'webhook_attempts' })
export class WebhookAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @PrimaryColumn({ type: 'integer' })
  attempt!: number;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'response_status', type: 'smallint', nullable: true })
  responseStatus!: number | null;

  /** At most WEBHOOK_RESPONSE_EXCERPT_BYTES of the receiver's answer. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  error!: string | null;
}
