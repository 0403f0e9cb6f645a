import { randomUUID } from 'node:crypto';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrganizationMember } from '@portal/auth';
import { type CartLine, commerceMessages, type Money } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { type KeyedOrder, OrdersService } from '../orders/orders.service';
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

/** Thrown inside the transaction when another request already holds the idempotency key. */
class IdempotencyKeyTaken extends Error {}

@Injectable()
export class OrderPlacementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly packages: PackagesService,
  ) {}

  /**
   * Places a pending order for the cart, priced from the catalog: the order, its items and
   * `portal.orders.created` in one transaction. With an idempotency key, a repeat of the same cart
   * by the same member in the same organization answers the order made the first time (the unique
   * (user, organization, key) index settles concurrent repeats); the same key with another cart is refused.
   */
  async place(user: OrganizationMember, cart: CartLine[], idempotencyKey?: string): Promise<PlacedOrder> {
    if (idempotencyKey) {
      const earlier = await this.orders.findByIdempotencyKey(user.id, user.organizationId, idempotencyKey);
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
      const earlier = await this.orders.findByIdempotencyKey(user.id, user.organizationId, idempotencyKey!);
      return { order: sameCartOrRefuse(earlier!, cart), created: false };
    }
  }

  private async insert(
    manager: EntityManager,
    user: OrganizationMember,
    priced: PricedCart,
    idempotencyKey: string | null,
  ): Promise<string> {
    const id = randomUUID();
    const createdAt = await this.orders.insert(manager, {
      id,
      userId: user.id,
      organizationId: user.organizationId,
      status: 'pending',
      total: priced.total,
      lines: priced.lines,
      idempotencyKey,
    });
    if (!createdAt) throw new IdempotencyKeyTaken();
    await enqueueCatalogEvent(manager, 'orderCreated', {
      orderId: id,
      userId: user.id,
      organizationId: user.organizationId,
      total: priced.total,
      currency: 'usd',
      items: priced.lines,
      createdAt: createdAt.toISOString(),
    });
    return id;
  }
}

function sameCartOrRefuse({ items, ...order }: KeyedOrder, cart: CartLine[]): PayableOrder {
  if (!sameCart(cart, items)) throw new UnprocessableEntityException(commerceMessages.idempotencyKeyReused);
  return order;
}
