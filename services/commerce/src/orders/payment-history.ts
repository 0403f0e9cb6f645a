import type { Money, PaymentEventKind } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** One step of an order's payment history, as `order_payment_events` keeps it. */
export interface PaymentStep {
  kind: PaymentEventKind;
  at: Date;
  amount?: Money | null;
  /** A decline's or a failed refund's reason. */
  note?: string | null;
  /** The Stripe object behind the step (`pi_…`, `re_…`); staff read it, customers do not. */
  reference?: string | null;
}

/**
 * Appends the step to the order's history, with the caller's transaction. Stripe dates its events to
 * the second, so a step is never dated before the step it follows (a decline in the second the order
 * was placed stays after "created").
 */
export async function recordPaymentStep(
  manager: Pick<EntityManager, 'query'>,
  orderId: string,
  step: PaymentStep,
): Promise<void> {
  await manager.query(
    `INSERT INTO order_payment_events (order_id, kind, amount, note, reference, occurred_at)
     VALUES ($1, $2, $3, $4, $5, GREATEST($6::timestamptz,
       (SELECT max(occurred_at) FROM order_payment_events WHERE order_id = $1)))`,
    [
      orderId,
      step.kind,
      step.amount ?? null,
      step.note?.slice(0, 500) ?? null,
      step.reference ?? null,
      step.at,
    ],
  );
}

/**
 * The order was paid at `at`: `paid_at`, and its invoice number, the next of its organization's
 * sequence. Runs in the transaction that marks the order paid (the order row is locked by the caller):
 * the sequence row is locked until it commits, and a rollback gives the number back, so an
 * organization's numbers have no gaps and no repeats. An order already numbered, or of no organization
 * (its organization was deleted), takes no number.
 */
export async function markPaid(
  manager: Pick<EntityManager, 'query'>,
  orderId: string,
  at: Date,
): Promise<void> {
  // TypeORM answers an UPDATE … RETURNING as [rows, affected].
  const [[order]]: [{ organization_id: string | null; invoice_number: number | null }[], number] =
    await manager.query(
      `UPDATE orders SET paid_at = COALESCE(paid_at, GREATEST($2::timestamptz, created_at)) WHERE id = $1
     RETURNING organization_id, invoice_number, paid_at`,
      [orderId, at],
    );
  if (!order || order.organization_id === null || order.invoice_number !== null) return;
  await manager.query(
    `WITH next AS (
       INSERT INTO invoice_sequences AS sequence (organization_id, last_number) VALUES ($2, 1)
       ON CONFLICT (organization_id) DO UPDATE SET last_number = sequence.last_number + 1
       RETURNING last_number
     )
     UPDATE orders SET invoice_number = (SELECT last_number FROM next), invoice_issued_at = paid_at WHERE id = $1`,
    [orderId, order.organization_id],
  );
}
