import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type RefundRequestStatus, type StaffRefundRequest, subscriptionMessages } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { RefundsService } from '../refunds/refunds.service';
import { requestColumns, type RequestRow } from './subscriptions.service';

interface StaffRequestRow extends RequestRow {
  orderId: string;
  organizationId: string;
  organizationName: string | null;
  packageName: string;
  quantity: number;
}

const staffColumns = `${requestColumns}, s.order_id AS "orderId", s.organization_id AS "organizationId",
  n.name AS "organizationName", i.package_name AS "packageName", i.quantity`;
const staffFrom = `subscription_refund_requests r
  JOIN subscriptions s ON s.id = r.subscription_id
  JOIN order_items i ON i.id = s.order_item_id
  LEFT JOIN order_refunds f ON f.id = r.order_refund_id
  LEFT JOIN organization_names n ON n.organization_id = s.organization_id`;

const notFound = () => new NotFoundException('Refund request not found');

/**
 * Staff's decisions on money-back requests (ADR 0233). Approving refunds the request's amount of the
 * subscription's order through the refunds already in place (`RefundsService`: a Stripe refund, recorded
 * in `order_refunds` and the order's payment history) and ends the subscription at once; declining keeps
 * it, with the reason the customer reads. Each request is decided once: the first decision claims it;
 * the same decision again answers it as it stands (nothing done twice), the other one is 409.
 */
@Injectable()
export class RefundRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly refunds: RefundsService,
  ) {}

  async list(status: RefundRequestStatus): Promise<StaffRefundRequest[]> {
    const rows: StaffRequestRow[] = await this.dataSource.query(
      `SELECT ${staffColumns} FROM ${staffFrom} WHERE r.status = $1
        ORDER BY r.requested_at ${status === 'requested' ? 'ASC' : 'DESC'}, r.id LIMIT 200`,
      [status],
    );
    return rows.map(toStaffView);
  }

  /**
   * Claims the request, asks Stripe for the refund; gives the claim back when the refund could not be
   * made (Stripe refused it, e.g. the charge was refunded already: 502 with Stripe's message).
   */
  async approve(staffId: string, id: string, now = new Date()): Promise<StaffRefundRequest> {
    const claimed = await this.claim(this.dataSource.manager, id, staffId, now, 'approved', null);
    if (!claimed) return this.get(id);
    let refundId: string;
    try {
      const refund = await this.refunds.refund(
        staffId,
        claimed.orderId,
        { amount: claimed.amount, reason: 'requested_by_customer' },
        undefined,
      );
      refundId = refund.id;
    } catch (error) {
      await this.dataSource.query(
        `UPDATE subscription_refund_requests SET status = 'requested', decided_by = NULL, decided_at = NULL
          WHERE id = $1 AND status = 'approved' AND order_refund_id IS NULL`,
        [id],
      );
      throw error;
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query('UPDATE subscription_refund_requests SET order_refund_id = $2 WHERE id = $1', [
        id,
        refundId,
      ]);
      await manager.query(
        `UPDATE subscriptions SET status = 'refunded', ends_at = $2, pending_package_id = NULL,
           pending_package_name = NULL, pending_unit_price = NULL, pending_quantity = NULL, updated_at = now()
          WHERE id = $1`,
        [claimed.subscriptionId, now],
      );
    });
    return this.get(id);
  }

  async decline(staffId: string, id: string, reason: string, now = new Date()): Promise<StaffRefundRequest> {
    await this.claim(this.dataSource.manager, id, staffId, now, 'declined', reason);
    return this.get(id);
  }

  private async claim(
    manager: EntityManager,
    id: string,
    staffId: string,
    now: Date,
    status: 'approved' | 'declined',
    declineReason: string | null,
  ): Promise<StaffRequestRow | null> {
    const [[claimed]]: [{ id: string }[], number] = await manager.query(
      `UPDATE subscription_refund_requests SET status = $2, decided_by = $3, decided_at = $4, decline_reason = $5
        WHERE id = $1 AND status = 'requested' RETURNING id`,
      [id, status, staffId, now, declineReason],
    );
    if (!claimed) {
      const [exists]: { status: string }[] = await manager.query(
        'SELECT status FROM subscription_refund_requests WHERE id = $1',
        [id],
      );
      if (!exists) throw notFound();
      // The same decision again (a retry, a second click) answers the request as it stands.
      if (exists.status === status) return null;
      throw new ConflictException(subscriptionMessages.refundAlreadyDecided);
    }
    return this.row(id);
  }

  private async row(id: string): Promise<StaffRequestRow> {
    const [row]: StaffRequestRow[] = await this.dataSource.query(
      `SELECT ${staffColumns} FROM ${staffFrom} WHERE r.id = $1`,
      [id],
    );
    if (!row) throw notFound();
    return row;
  }

  async get(id: string): Promise<StaffRefundRequest> {
    return toStaffView(await this.row(id));
  }
}

function toStaffView(row: StaffRequestRow): StaffRefundRequest {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    declineReason: row.declineReason,
    refundStatus: row.refundStatus,
    subscriptionId: row.subscriptionId,
    orderId: row.orderId,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    packageName: row.packageName,
    quantity: row.quantity,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    stripeRefundId: row.stripeRefundId,
  };
}
