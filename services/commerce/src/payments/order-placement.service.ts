import { randomUUID } from 'node:crypto';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import { type CartLine, commerceMessages, type Money } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { PackagesService } from '../packages/packages.service';
import { type PricedCart, priceCart, sameCart } from './cart-pricing';

/** What paying for an order needs to know of it. */
export interface PayableOrder {
  id: string;
  userId: string;
  total: Money;
  stripePaymentIntentId: string | null;
}

export interface PlacedOrder {
  order: PayableOrder;
  /** False when an earlier request with the same idempotency key made it. */
  created: boolean;
}

interface KeyedOrderRow {
  id: string;
  user_id: string;
  total: Money;
  stripe_payment_intent_id: string | null;
  items: { packageId: string; quantity: number }[];
}

/** Thrown inside the transaction when another request already holds the idempotency key. */
class IdempotencyKeyTaken extends Error {}

@Injectable()
export class OrderPlacementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly packages: PackagesService,
  ) {}

  /**
   * Places a pending order for the cart, priced from the catalog: the order, its items and
   * `portal.orders.created` in one transaction. With an idempotency key, a repeat of the same cart
   * answers the order made the first time (the unique (user, key) index settles concurrent repeats);
   * the same key with another cart is refused.
   */
  async place(user: AuthenticatedUser, cart: CartLine[], idempotencyKey?: string): Promise<PlacedOrder> {
    if (idempotencyKey) {
      const earlier = await this.findByIdempotencyKey(user.id, idempotencyKey);
      if (earlier) return { order: sameCartOrRefuse(earlier, cart), created: false };
    }
    const priced = priceCart(cart, await this.packages.activeByIds(cart.map((line) => line.packageId)));
    try {
      const id = await this.dataSource.transaction((manager) =>
        this.insert(manager, user, priced, idempotencyKey ?? null),
      );
      return {
        order: { id, userId: user.id, total: priced.total, stripePaymentIntentId: null },
        created: true,
      };
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken)) throw error;
      const earlier = await this.findByIdempotencyKey(user.id, idempotencyKey!);
      return { order: sameCartOrRefuse(earlier!, cart), created: false };
    }
  }

  /** The order the user placed with this idempotency key, with the cart it was placed for. */
  private async findByIdempotencyKey(
    userId: string,
    idempotencyKey: string,
  ): Promise<KeyedOrderRow | undefined> {
    const [row]: KeyedOrderRow[] = await this.dataSource.query(
      `SELECT o.id, o.user_id, o.total, o.stripe_payment_intent_id,
         json_agg(json_build_object('packageId', i.package_id, 'quantity', i.quantity)) AS items
       FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.user_id = $1 AND o.idempotency_key = $2
       GROUP BY o.id`,
      [userId, idempotencyKey],
    );
    return row;
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
}

function sameCartOrRefuse(order: KeyedOrderRow, cart: CartLine[]): PayableOrder {
  if (!sameCart(cart, order.items))
    throw new UnprocessableEntityException(commerceMessages.idempotencyKeyReused);
  return {
    id: order.id,
    userId: order.user_id,
    total: order.total,
    stripePaymentIntentId: order.stripe_payment_intent_id,
  };
}
