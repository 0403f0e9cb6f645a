import { UuidRow } from '@portal/db';
import { Column, Entity, UpdateDateColumn } from 'typeorm';

/** What kpi knows of an organisation: the time zone its calendar days are counted in. */
@Entity({ name: 'organizations' })
export class OrganizationEntity extends UuidRow {
  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
