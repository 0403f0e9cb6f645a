import type { ApiKeyScope } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of `api_keys` (ADR 0200): a key of the public API, known by the SHA-256 of its text only. It
 * works while `revoked_at` is null and `expires_at` (set by a roll: the end of its grace) is null or
 * ahead.
 */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** `mcx_live_` and the first characters of the secret. */
  @Column({ type: 'varchar', length: 32 })
  prefix!: string;

  /** SHA-256 of the whole key text (32 bytes), unique. */
  @Column({ name: 'key_hash', type: 'bytea' })
  keyHash!: Buffer;

  @Column({ type: 'text', array: true })
  scopes!: ApiKeyScope[];

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'rolled_from_id', type: 'uuid', nullable: true })
  rolledFromId!: string | null;
}
