import { DEFAULT_PLAN_ID, DEFAULT_TIMEZONE } from '@portal/contracts';
import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

@Entity({ name: 'organizations' })
export class OrganizationEntity extends UuidRow {
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'plan_id', type: 'varchar', length: 50, default: DEFAULT_PLAN_ID })
  planId!: string;

  @Column({ type: 'varchar', length: 64, default: DEFAULT_TIMEZONE })
  timezone!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
