import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

/** A row of `packages`: a monthly service package of the catalog. */
@Entity({ name: 'packages' })
export class PackageEntity extends UuidRow {
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** decimal(10,2), read as the string PostgreSQL gives ("1499.00"). */
  @Column({ type: 'decimal', precision: 10, scale: 2 })
  price!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'jsonb' })
  features!: string[];

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  /** Position in the catalog's listing. */
  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
