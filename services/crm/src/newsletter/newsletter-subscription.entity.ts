import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

/** An address on the newsletter list; unique ignoring case, kept as typed. */
@Entity({ name: 'newsletter_subscriptions' })
export class NewsletterSubscriptionEntity extends UuidRow {
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
