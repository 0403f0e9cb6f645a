import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { OrderEntity } from './order.entity';

/** A row of `order_items`: the package, its name and unit price as they were when ordered. */
@Entity({ name: 'order_items' })
export class OrderItemEntity extends UuidRow {
  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => OrderEntity, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  // Relation<>: no runtime reference to OrderEntity in the metadata, whichever entity loads first.
  order!: Relation<OrderEntity>;

  @Column({ name: 'package_id', type: 'uuid' })
  packageId!: string;

  @Column({ name: 'package_name', type: 'varchar', length: 120 })
  packageName!: string;

  @Column({ type: 'integer', default: 1 })
  quantity!: number;

  @Column({ type: 'decimal', precision: 10, scale: 2 })
  price!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
