import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MembershipChangedData, Money, OrderStatus, UserDeletedData } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderEntity } from './order.entity';
import { openSubscriptions } from '../subscriptions/open-subscriptions';
import { markPaid, recordPaymentStep } from './payment-history';

/** One line of a new order: the package at its unit price when the order was placed. */
export interface NewOrderLine {
  packageId: string;
  name: string;
  quantity: number;
  price: Money;
}

export interface NewOrder {
  id: string;
  userId: string;
  organizationId: string | null;
  status: OrderStatus;
  total: Money;
  lines: readonly NewOrderLine[];
  idempotencyKey?: string | null;
  stripePaymentIntentId?: string | null;
  /** How many days before now it was placed: 0 (the default) but for the demo data. */
  daysAgo?: number;
}

/** An order placed with an idempotency key, with the cart it was placed for. */
export interface KeyedOrder {
  id: string;
  userId: string;
  total: Money;
  stripePaymentIntentId: string | null;
  items: { packageId: string; quantity: number }[];
}

/** What paying for an order, or a payment outcome, needs of the order (locked by the caller). */
export interface LockedOrder {
  id: string;
  /** Null for an order of a deleted account. */
  userId: string | null;
  organizationId: string | null;
  status: OrderStatus;
  total: Money;
  /** The order's current PaymentIntent: that of its latest attempt that reached Stripe. */
  stripePaymentIntentId: string | null;
  /** PaymentIntent creations tried so far. */
  paymentAttempt: number;
}

/** Whose legacy orders move to which organization (`portal.memberships.changed` with `claimsLegacyData`). */
export type LegacyClaim = Pick<MembershipChangedData, 'organizationId' | 'userId'>;

/**
 * Moves the orders the user placed before organizations owned data (no organization) to `claim`'s
 * organization; the orders already in one stay where they are, so a second run changes nothing.
 * Answers how many moved. The consumer of `portal.memberships.changed` runs it (and the migration
 * bench, on the built tree), one member per transaction.
 */
export async function claimLegacyOrders(
  manager: Pick<EntityManager, 'query'>,
  claim: LegacyClaim,
): Promise<number> {
  // A checkout key the member has meanwhile used in the organization stays with the newer order (the
  // key is unique per user and organization); the legacy order, long settled, no longer needs it.
  // TypeORM answers an UPDATE as [rows, affected].
  const [, moved]: [unknown[], number] = await manager.query(
    `UPDATE orders SET organization_id = $1,
       idempotency_key = CASE WHEN EXISTS (
         SELECT 1 FROM orders AS taken
         WHERE taken.user_id = $2 AND taken.organization_id = $1 AND taken.idempotency_key = orders.idempotency_key
       ) THEN NULL ELSE idempotency_key END
     WHERE user_id = $2 AND organization_id IS NULL`,
    [claim.organizationId, claim.userId],
  );
  return moved;
}

/** The columns of a `LockedOrder`. */
const lockedColumns = `id, user_id AS "userId", organization_id AS "organizationId", status, total,
  stripe_payment_intent_id AS "stripePaymentIntentId", payment_attempt AS "paymentAttempt"`;

/**
 * The one access to `orders` and `order_items`: the dashboard's reads always scoped to the organization
 * the orders belong to (the export's to the user who placed them), and the writes of checkout, of
 * Stripe's payment outcomes, of the legacy claim and of the demo data.
 */
@Injectable()
export class OrdersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repository() {
    return this.dataSource.getRepository(OrderEntity);
  }

  /** The organization's orders with their items, newest first, whoever of its members placed them. */
  listForOrganization(organizationId: string): Promise<OrderEntity[]> {
    return this.repository.find({
      where: { organizationId },
      relations: { items: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** The order, when it is the organization's; null for another organization's order or an unknown id. */
  findForOrganization(organizationId: string, orderId: string): Promise<OrderEntity | null> {
    return this.repository.findOne({ where: { id: orderId, organizationId }, relations: { items: true } });
  }

  /** The orders the user placed, in any organization, with their items, newest first ("Export my data"). */
  listForUser(userId: string): Promise<OrderEntity[]> {
    return this.repository.find({
      where: { userId },
      relations: { items: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * The order the user placed in the organization with this idempotency key, with the cart it was
   * placed for; the same key in another of the user's organizations is another order.
   */
  async findByIdempotencyKey(
    userId: string,
    organizationId: string,
    idempotencyKey: string,
  ): Promise<KeyedOrder | undefined> {
    const [row]: KeyedOrder[] = await this.dataSource.query(
      `SELECT o.id, o.user_id AS "userId", o.total, o.stripe_payment_intent_id AS "stripePaymentIntentId",
         json_agg(json_build_object('packageId', i.package_id, 'quantity', i.quantity)) AS items
       FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.user_id = $1 AND o.idempotency_key = $2 AND o.organization_id = $3
       GROUP BY o.id`,
      [userId, idempotencyKey, organizationId],
    );
    return row;
  }

  /** See `claimLegacyOrders`. */
  claimLegacy(manager: EntityManager, claim: LegacyClaim): Promise<number> {
    return claimLegacyOrders(manager, claim);
  }

  /**
   * Inserts the order and its lines with the caller's transaction and answers when it was created;
   * undefined, inserting nothing, when its id or its user's idempotency key is taken (a concurrent
   * transaction holding the same key is waited for first).
   */
  async insert(manager: EntityManager, order: NewOrder): Promise<Date | undefined> {
    const inserted: { created_at: Date }[] = await manager.query(
      `INSERT INTO orders (id, user_id, organization_id, status, total, idempotency_key, stripe_payment_intent_id,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8), now() - make_interval(days => $8))
       ON CONFLICT DO NOTHING
       RETURNING created_at`,
      [
        order.id,
        order.userId,
        order.organizationId,
        order.status,
        order.total,
        order.idempotencyKey ?? null,
        order.stripePaymentIntentId ?? null,
        order.daysAgo ?? 0,
      ],
    );
    if (inserted.length === 0) return undefined;
    const createdAt = inserted[0].created_at;
    await recordPaymentStep(manager, order.id, { kind: 'created', at: createdAt, amount: order.total });
    if (order.status !== 'pending') {
      // An order made with its outcome (the demo data): the outcome a few minutes after it was placed.
      const at = new Date(createdAt.getTime() + 2 * 60_000);
      await this.recordMove(
        manager,
        order.id,
        order.status,
        order.total,
        order.stripePaymentIntentId ?? null,
        at,
      );
    }
    await manager.query(
      `INSERT INTO order_items (order_id, package_id, package_name, quantity, price, created_at)
       SELECT $1, line.*, now() - make_interval(days => $6)
       FROM unnest($2::uuid[], $3::varchar[], $4::int[], $5::numeric[]) AS line`,
      [
        order.id,
        order.lines.map((line) => line.packageId),
        order.lines.map((line) => line.name),
        order.lines.map((line) => line.quantity),
        order.lines.map((line) => line.price),
        order.daysAgo ?? 0,
      ],
    );
    // Its items came after its payment was recorded: the paid order's subscriptions open now.
    if (order.status === 'completed') await openSubscriptions(manager, order.id);
    return createdAt;
  }

  /**
   * Records a PaymentIntent creation with the caller's transaction: the attempt number, and the
   * PaymentIntent it made (none when Stripe refused it: the order keeps its previous one).
   */
  async recordPaymentAttempt(
    manager: EntityManager,
    orderId: string,
    attempt: number,
    paymentIntentId: string | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE orders SET payment_attempt = $2,
         stripe_payment_intent_id = COALESCE($3, stripe_payment_intent_id), updated_at = now()
       WHERE id = $1`,
      [orderId, attempt, paymentIntentId],
    );
  }

  /**
   * A deleted account's orders stay for accounting (what was bought, when, for how much, paid by which
   * PaymentIntent) and stay their organization's, but no longer say who placed them: the user id and
   * the idempotency key the browser chose go. When the organization was deleted with the account, its
   * orders (every member's) no longer name it either. Answers the PaymentIntents of the orders it
   * anonymised (none the second time).
   */
  async anonymiseForDeletedUser(manager: EntityManager, deleted: UserDeletedData): Promise<string[]> {
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [updated]: [{ stripe_payment_intent_id: string | null }[], number] = await manager.query(
      `UPDATE orders SET user_id = NULL, user_deleted_at = $2, idempotency_key = NULL,
         organization_id = CASE WHEN $3 AND organization_id = $4 THEN NULL ELSE organization_id END
       WHERE user_id = $1
       RETURNING stripe_payment_intent_id`,
      [deleted.userId, deleted.deletedAt, deleted.organizationDeleted, deleted.organizationId],
    );
    if (deleted.organizationDeleted && deleted.organizationId) {
      await manager.query('UPDATE orders SET organization_id = NULL WHERE organization_id = $1', [
        deleted.organizationId,
      ]);
    }
    return updated.flatMap((row) => (row.stripe_payment_intent_id ? [row.stripe_payment_intent_id] : []));
  }

  /** The order, locked until the caller's transaction ends: checkout and payment outcomes wait for each other. */
  async lockForPayment(manager: EntityManager, orderId: string): Promise<LockedOrder | undefined> {
    const [order]: LockedOrder[] = await manager.query(
      `SELECT ${lockedColumns} FROM orders WHERE id = $1 FOR UPDATE`,
      [orderId],
    );
    return order;
  }

  /**
   * Up to `limit` pending or failed orders placed more than `minutes` ago, oldest first after the
   * `after` cursor, locked for the caller's transaction; orders another transaction holds (a checkout,
   * another replica's sweep) are skipped.
   */
  lockUnpaidOlderThan(
    manager: EntityManager,
    minutes: number,
    limit: number,
    after?: { createdAt: Date; id: string },
  ): Promise<(LockedOrder & { createdAt: Date })[]> {
    return manager.query(
      `SELECT ${lockedColumns}, created_at AS "createdAt" FROM orders
       WHERE status IN ('pending', 'failed') AND created_at < now() - make_interval(mins => $1)
         AND ($3::timestamptz IS NULL OR (created_at, id) > ($3, $4::uuid))
       ORDER BY created_at, id LIMIT $2
       FOR UPDATE SKIP LOCKED`,
      [minutes, limit, after?.createdAt ?? null, after?.id ?? null],
    );
  }

  /**
   * Moves the order to a status its PaymentIntent (or the payment window) leads to, with the caller's
   * transaction; `canceled_at` is `at` while canceled, cleared otherwise.
   */
  async moveTo(
    manager: EntityManager,
    orderId: string,
    status: Exclude<OrderStatus, 'pending'>,
    paymentIntentId: string | null,
    at: Date,
    note: string | null = null,
  ): Promise<void> {
    const [[moved]]: [{ total: Money }[], number] = await manager.query(
      `UPDATE orders SET status = $2, stripe_payment_intent_id = COALESCE($3, stripe_payment_intent_id),
         canceled_at = CASE WHEN $2::varchar = 'canceled' THEN $4::timestamptz END, updated_at = now()
       WHERE id = $1
       RETURNING total`,
      [orderId, status, paymentIntentId, at],
    );
    if (moved) await this.recordMove(manager, orderId, status, moved.total, paymentIntentId, at, note);
  }

  /**
   * The history's step of a move (paid for completed), and for a paid order its paid date and invoice
   * number (see `markPaid`).
   */
  private async recordMove(
    manager: EntityManager,
    orderId: string,
    status: Exclude<OrderStatus, 'pending'>,
    total: Money,
    paymentIntentId: string | null,
    at: Date,
    note: string | null = null,
  ): Promise<void> {
    const kind = status === 'completed' ? 'paid' : status;
    await recordPaymentStep(manager, orderId, {
      kind,
      at,
      amount: kind === 'paid' ? total : null,
      note,
      reference: paymentIntentId,
    });
    if (status === 'completed') {
      await markPaid(manager, orderId, at);
      await openSubscriptions(manager, orderId);
    }
  }
}
