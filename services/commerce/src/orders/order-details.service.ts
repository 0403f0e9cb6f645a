import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Money, OrderStatus, PaymentEventKind, RefundReason, RefundStatus } from '@portal/contracts';
import { type KeysetCursor, keysetTimeText } from '@portal/db';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { OrderEntity } from './order.entity';

/** Where an order's money stands, beside the order row. */
export interface OrderMoney {
  paidAt: Date | null;
  invoiceNumber: number | null;
  invoiceIssuedAt: Date | null;
  /** Refunds Stripe completed (succeeded), in cents. */
  refundedCents: number;
  /** Refunds completed or under way (pending, requires_action, succeeded): no longer refundable. */
  committedCents: number;
}

export interface PaymentEventRow {
  kind: PaymentEventKind;
  at: Date;
  amount: Money | null;
  note: string | null;
  reference: string | null;
}

export interface RefundRow {
  id: string;
  orderId: string;
  stripeRefundId: string | null;
  amount: Money;
  status: RefundStatus;
  reason: RefundReason | null;
  failureReason: string | null;
  requestedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An order with its items and where its money stands. */
export interface OrderWithMoney {
  order: OrderEntity;
  money: OrderMoney;
}

/** An order with everything its detail page shows. */
export interface OrderDetailRecord extends OrderWithMoney {
  history: PaymentEventRow[];
  refunds: RefundRow[];
}

export interface OrderPageRecord {
  orders: OrderWithMoney[];
  next: KeysetCursor | null;
}

export const refundColumns = `id, order_id AS "orderId", stripe_refund_id AS "stripeRefundId", amount, status, reason,
  failure_reason AS "failureReason", requested_by AS "requestedBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Cents of a decimal(10,2) text as PostgreSQL answers it ("12.50" → 1250). */
const cents = (value: string | null) => (value === null ? 0 : Math.round(Number(value) * 100));

/**
 * The reads of order detail, history and pages: the customer's always scoped to their organization
 * (another organization's order is not found, as an unknown one), staff's across every organization.
 */
@Injectable()
export class OrderDetailsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The organization's order with its detail; null for another organization's order or an unknown id. */
  detailForOrganization(organizationId: string, orderId: string): Promise<OrderDetailRecord | null> {
    return this.detail(orderId, organizationId);
  }

  /** Any organization's order, for staff. */
  detailForStaff(orderId: string, manager?: EntityManager): Promise<OrderDetailRecord | null> {
    return this.detail(orderId, undefined, manager);
  }

  /** A page of the organization's orders, newest first, after the previous page's last order. */
  pageForOrganization(
    organizationId: string,
    limit: number,
    after: KeysetCursor | undefined,
  ): Promise<OrderPageRecord> {
    return this.page({ organizationId, limit, after });
  }

  /** A page of every organization's orders (or one organization's, or one status), newest first. */
  pageForStaff(filter: {
    organizationId?: string;
    status?: OrderStatus;
    limit: number;
    after: KeysetCursor | undefined;
  }): Promise<OrderPageRecord> {
    return this.page(filter);
  }

  private async page({
    organizationId,
    status,
    limit,
    after,
  }: {
    organizationId?: string;
    status?: OrderStatus;
    limit: number;
    after: KeysetCursor | undefined;
  }): Promise<OrderPageRecord> {
    const rows: { id: string; cursorAt: string }[] = await this.dataSource.query(
      `SELECT id, ${keysetTimeText('created_at')} AS "cursorAt" FROM orders
        WHERE ($1::uuid IS NULL OR organization_id = $1)
          AND ($2::varchar IS NULL OR status = $2)
          AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $5`,
      [organizationId ?? null, status ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
    );
    const onPage = rows.slice(0, limit);
    const last = onPage.at(-1);
    const orders = await this.withMoney(onPage.map((row) => row.id));
    return {
      orders,
      next: rows.length > limit && last ? { at: last.cursorAt, id: last.id } : null,
    };
  }

  /** The orders with their items and money, in the order of `ids`. */
  private async withMoney(ids: string[], manager?: EntityManager): Promise<OrderWithMoney[]> {
    if (ids.length === 0) return [];
    const runner = manager ?? this.dataSource.manager;
    const [entities, money] = await Promise.all([
      runner.getRepository(OrderEntity).find({ where: { id: In(ids) }, relations: { items: true } }),
      runner.query(
        `SELECT o.id, o.paid_at AS "paidAt", o.invoice_number AS "invoiceNumber",
           o.invoice_issued_at AS "invoiceIssuedAt",
           (SELECT sum(amount) FROM order_refunds r WHERE r.order_id = o.id AND r.status = 'succeeded') AS refunded,
           (SELECT sum(amount) FROM order_refunds r WHERE r.order_id = o.id
              AND r.status IN ('pending', 'requires_action', 'succeeded')) AS committed
         FROM orders o WHERE o.id = ANY($1::uuid[])`,
        [ids],
      ) as Promise<
        {
          id: string;
          paidAt: Date | null;
          invoiceNumber: number | null;
          invoiceIssuedAt: Date | null;
          refunded: string | null;
          committed: string | null;
        }[]
      >,
    ]);
    const byId = new Map(entities.map((entity) => [entity.id, entity]));
    const moneyById = new Map(money.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const order = byId.get(id);
      const row = moneyById.get(id);
      if (!order || !row) return [];
      return [
        {
          order,
          money: {
            paidAt: row.paidAt,
            invoiceNumber: row.invoiceNumber,
            invoiceIssuedAt: row.invoiceIssuedAt,
            refundedCents: cents(row.refunded),
            committedCents: cents(row.committed),
          },
        },
      ];
    });
  }

  private async detail(
    orderId: string,
    organizationId: string | undefined,
    manager?: EntityManager,
  ): Promise<OrderDetailRecord | null> {
    const runner = manager ?? this.dataSource.manager;
    const [owned]: { id: string }[] = await runner.query(
      'SELECT id FROM orders WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2)',
      [orderId, organizationId ?? null],
    );
    if (!owned) return null;
    const [[found], history, refunds] = await Promise.all([
      this.withMoney([orderId], manager),
      runner.query(
        `SELECT kind, occurred_at AS at, amount, note, reference FROM order_payment_events
          WHERE order_id = $1 ORDER BY occurred_at, created_at, id`,
        [orderId],
      ) as Promise<PaymentEventRow[]>,
      runner.query(
        `SELECT ${refundColumns} FROM order_refunds WHERE order_id = $1 ORDER BY created_at DESC, id DESC`,
        [orderId],
      ) as Promise<RefundRow[]>,
    ]);
    return found ? { ...found, history, refunds } : null;
  }
}
