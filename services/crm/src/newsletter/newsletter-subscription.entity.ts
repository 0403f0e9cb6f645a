import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An address on the newsletter list; unique ignoring case, kept as typed. */
@Entity({ name: 'newsletter_subscriptions' })
export class NewsletterSubscriptionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
