import type { IntegrationType } from '@portal/contracts';
import { CustomerRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';

/**
 * A row of `integrations`: a customer's CRM or dialer. The secret columns hold values sealed by
 * `SecretBox` and are left out of every query that does not name them (`select: false`).
 */
@Entity({ name: 'integrations' })
export class IntegrationEntity extends CustomerRow {
  @Column({ type: 'varchar', length: 20 })
  type!: IntegrationType;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** The customer's API key for the CRM or dialer, sealed. */
  @Column({ name: 'access_token', type: 'text', select: false })
  accessToken!: string;

  /** An OAuth refresh token, sealed, when the provider issues one. */
  @Column({ name: 'refresh_token', type: 'text', nullable: true, select: false })
  refreshToken!: string | null;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2000, nullable: true })
  webhookUrl!: string | null;

  /** Signs the inbound events the CRM or dialer posts, sealed; shown to the customer once. */
  @Column({ name: 'signing_secret', type: 'text', select: false })
  signingSecret!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
