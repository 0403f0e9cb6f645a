import type { TicketPriority, TicketStatus } from '@portal/contracts';
import { CustomerRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';

/** A ticket as the dashboard shows it, plus the customer (and organization) it belongs to. */
@Entity({ name: 'tickets' })
export class TicketEntity extends CustomerRow {
  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16, default: 'medium' })
  priority!: TicketPriority;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: TicketStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
