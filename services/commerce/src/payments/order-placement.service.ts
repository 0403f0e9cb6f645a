import { randomUUID } from 'node:crypto';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import { type CartLine, commerceMessages } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import type { OrderEntity } from '../orders/order.entity';
import { OrdersService } from '../orders/orders.service';
import { PackagesService } from '../packages/packages.service';
import { type PricedCart, priceCart, sameCart } from './cart-pricing';

export interface PlacedOrder {
  order: OrderEntity;
  /** False when an earlier request with the same idempotency key made it. */
  created: boolean;
}

/** Thrown inside the transaction when another request already holds the idempotency key. */
class IdempotencyKeyTaken extends Error {}

@Injectable()
export class OrderPlacementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly packages: PackagesService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Places a pending order for the cart, priced from the catalog: the order, its items and
   * `portal.orders.created` in one transaction. With an idempotency key, a repeat of the same cart
   * answers the order made the first time (the unique (user, key) index settles concurrent repeats);
   * the same key with another cart is refused.
   */
  async place(user: AuthenticatedUser, cart: CartLine[], idempotencyKey?: string): Promise<PlacedOrder> {
    if (idempotencyKey) {
      const earlier = await this.orders.findByIdempotencyKey(user.id, idempotencyKey);
      if (earlier) return { order: this.sameCartOrRefuse(earlier, cart), created: false };
    }
    const priced = priceCart(cart, await this.packages.activeByIds(cart.map((line) => line.packageId)));
    try {
      const orderId = await this.dataSource.transaction((manager) =>
        this.insert(manager, user, priced, idempotencyKey ?? null),
      );
      const order = await this.orders.findForUser(user.id, orderId);
      return { order: order!, created: true };
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      const earlier = await this.orders.findByIdempotencyKey(user.id, idempotencyKey!);
      return { order: this.sameCartOrRefuse(earlier!, cart), created: false };
    }
  }

  private async insert(
    manager: EntityManager,
    user: AuthenticatedUser,
    priced: PricedCart,
    idempotencyKey: string | null,
  ): Promise<string> {
    // Waits for a concurrent transaction holding the same (user, key), then inserts nothing.
    const inserted: { id: string; created_at: Date }[] = await manager.query(
      `INSERT INTO orders (id, user_id, organization_id, status, total, idempotency_key)
       VALUES ($1, $2, $3, 'pending', $4, $5)
       ON CONFLICT ON CONSTRAINT orders_user_id_idempotency_key_key DO NOTHING
       RETURNING id, created_at`,
      [randomUUID(), user.id, user.organizationId, priced.total, idempotencyKey],
    );
    if (inserted.length === 0) throw new IdempotencyKeyTaken();
    const [order] = inserted;
    await manager.query(
      `INSERT INTO order_items (order_id, package_id, package_name, quantity, price)
       SELECT $1, * FROM unnest($2::uuid[], $3::varchar[], $4::int[], $5::numeric[])`,
      [
        order.id,
        priced.lines.map((line) => line.packageId),
        priced.lines.map((line) => line.name),
        priced.lines.map((line) => line.quantity),
        priced.lines.map((line) => line.price),
      ],
    );
    await enqueueCatalogEvent(manager, 'orderCreated', {
      orderId: order.id,
      userId: user.id,
      organizationId: user.organizationId,
      total: priced.total,
      currency: 'usd',
      items: priced.lines,
      createdAt: order.created_at.toISOString(),
    });
    return order.id;
  }

  private sameCartOrRefuse(order: OrderEntity, cart: CartLine[]): OrderEntity {
    if (!sameCart(cart, order.items)) {
      throw new UnprocessableEntityException(commerceMessages.idempotencyKeyReused);
    }
    return order;
  }
}
