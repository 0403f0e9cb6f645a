import type { Role } from '@portal/contracts';
import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

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
}
