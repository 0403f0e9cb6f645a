import type { OrderStatus } from '@portal/contracts';
import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, OneToMany, UpdateDateColumn } from 'typeorm';
import { OrderItemEntity } from './order-item.entity';

/** A row of `orders`: its total, status, PaymentIntent and payment attempts, who placed it and the checkout's idempotency key. */
@Entity({ name: 'orders' })
export class OrderEntity extends UuidRow {
  /** Null once the account was deleted: the order is kept for accounting, no longer anyone's. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'user_deleted_at', type: 'timestamptz', nullable: true })
  userDeletedAt!: Date | null;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: OrderStatus;

  @Column({ type: 'decimal', precision: 10, scale: 2 })
  total!: string;

  @Column({ name: 'stripe_payment_intent_id', type: 'varchar', length: 255, nullable: true })
  stripePaymentIntentId!: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey!: string | null;

  /** PaymentIntent creations tried so far; Stripe's idempotency key is `order-<id>-attempt-<n>`. */
  @Column({ name: 'payment_attempt', type: 'integer', default: 0 })
  paymentAttempt!: number;

  /** When it was canceled; set exactly while the status is canceled. */
  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => OrderItemEntity, (item) => item.order)
  items!: OrderItemEntity[];
}
