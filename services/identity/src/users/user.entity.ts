import type { Role } from '@portal/contracts';
import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, type ValueTransformer } from 'typeorm';

/** PostgreSQL hands a bigint over as a string; TOTP steps are far below 2^53. */
const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A row of `public_users`: an account (name, email, password hash, sign-in provider), its role and organization. */
@Entity({ name: 'public_users' })
export class UserEntity extends UuidRow {
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 50, default: 'local' })
  provider!: string;

  @Column({ name: 'provider_id', type: 'varchar', length: 255, nullable: true })
  providerId!: string | null;

  @Column({ name: 'social_accounts', type: 'jsonb', default: () => "'[]'::jsonb" })
  socialAccounts!: unknown[];

  @Column({ type: 'varchar', length: 32, default: 'customer' })
  role!: Role;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When the account proved it reads its email (a verification or email-change link, a reset); null until then. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** The TOTP secret of two-factor sign-in, sealed at rest; null when it is off. */
  @Column({ name: 'two_factor_secret', type: 'text', nullable: true })
  twoFactorSecret!: string | null;

  /** A sealed secret from the two-factor setup, waiting for a code to confirm it. */
  @Column({ name: 'two_factor_pending_secret', type: 'text', nullable: true })
  twoFactorPendingSecret!: string | null;

  /** Whether the account receives ticket emails (settings; ADR 0193). */
  @Column({ name: 'ticket_emails', type: 'boolean', default: true })
  ticketEmails!: boolean;

  /** When two-factor sign-in was turned on; null = off. */
  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', nullable: true })
  twoFactorEnabledAt!: Date | null;

  /** The last TOTP time step accepted (a code is not taken twice); bigint, read as a number. */
  @Column({ name: 'two_factor_last_step', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  twoFactorLastStep!: number | null;
}
