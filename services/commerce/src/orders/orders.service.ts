import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OrderEntity } from './order.entity';

/** Reads of orders, always scoped to the user they belong to. */
@Injectable()
export class OrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repository() {
    return this.dataSource.getRepository(OrderEntity);
  }

  /** The user's orders with their items, newest first. */
  listForUser(userId: string): Promise<OrderEntity[]> {
    return this.repository.find({
      where: { userId },
      relations: { items: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** The order, when it is the user's; null for another user's order or an unknown id. */
  findForUser(userId: string, orderId: string): Promise<OrderEntity | null> {
    return this.repository.findOne({ where: { id: orderId, userId }, relations: { items: true } });
  }

  /** Records the order's PaymentIntent; the first one recorded stays. */
  async attachPaymentIntent(orderId: string, paymentIntentId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE orders SET stripe_payment_intent_id = $2, updated_at = now()
       WHERE id = $1 AND stripe_payment_intent_id IS NULL`,
      [orderId, paymentIntentId],
    );
  }
}
