import type { OrgRole } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';

/** PostgreSQL hands a bigint over as a string; membership versions stay far below 2^53. */
const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A row of `memberships`: a user's role in one organization. `version` is taken from
 * `membership_version_seq` at every change (create, role change) and tokens carry it as `mv`.
 */
@Entity({ name: 'memberships' })
export class MembershipEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 32 })
  role!: OrgRole;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  version!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
