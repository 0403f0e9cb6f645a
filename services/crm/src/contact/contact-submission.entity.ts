import { UuidRow } from '@portal/db';
import type { CartLead, Money } from '@portal/contracts';
import { Column, CreateDateColumn, Entity } from 'typeorm';

/** A checkout's cart sent to sales: the items as the buyer saw them and the total crm worked out. */
export type StoredCart = CartLead & { total: Money };

/** A row of `contact_submissions`: a message sent from the contact form or the quote dialog. */
@Entity({ name: 'contact_submissions' })
export class ContactSubmissionEntity extends UuidRow {
  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'jsonb', nullable: true })
  cart!: StoredCart | null;

  @Column({ type: 'varchar', length: 32, default: 'new' })
  status!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
