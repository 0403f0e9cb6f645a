import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { PaymentHistoryInvoicesRefunds1766200000000 } from './1766200000000-PaymentHistoryInvoicesRefunds';

describe('migration 1766200000000-PaymentHistoryInvoicesRefunds', () => {
  const stack = startForSuite(startCommerce);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  /** Runs the migration's `up` once more, in a transaction, as TypeORM runs a migration. */
  const migrateAgain = () =>
    asMigration(stack().service.dataSource, (runner) =>
      new PaymentHistoryInvoicesRefunds1766200000000().up(runner),
    );

  /** An order as it was stored before the history: no steps, no paid date, no number. */
  async function oldOrder(
    organizationId: string,
    status: string,
    { createdDaysAgo, movedDaysAgo }: { createdDaysAgo: number; movedDaysAgo: number },
  ): Promise<string> {
    const [row] = await query<{ id: string }>(
      `INSERT INTO orders (user_id, organization_id, status, total, stripe_payment_intent_id, created_at, updated_at, canceled_at)
       VALUES ($1::uuid, $2, $3, 100, 'pi_old_' || $1::text, now() - make_interval(days => $4), now() - make_interval(days => $5),
         CASE WHEN $3::varchar = 'canceled' THEN now() - make_interval(days => $5) END)
       RETURNING id`,
      [randomUUID(), organizationId, status, createdDaysAgo, movedDaysAgo],
    );
    return row.id;
  }
  const numberOf = async (id: string) =>
    (
      await query<{ invoice_number: number | null }>('SELECT invoice_number FROM orders WHERE id = $1', [id])
    )[0].invoice_number;
  const stepsOf = async (id: string) =>
    (
      await query<{ kind: string }>(
        'SELECT kind FROM order_payment_events WHERE order_id = $1 ORDER BY occurred_at, created_at',
        [id],
      )
    ).map((row) => row.kind);

  it('tells each order’s history and numbers paid orders by the time they were paid, once, without gaps', async () => {
    const [x, y, z] = [randomUUID(), randomUUID(), randomUUID()];
    // Paid later, placed earlier: numbered by the payment.
    const paidSecond = await oldOrder(x, 'completed', { createdDaysAgo: 30, movedDaysAgo: 5 });
    const paidFirst = await oldOrder(x, 'completed', { createdDaysAgo: 20, movedDaysAgo: 19 });
    const failed = await oldOrder(x, 'failed', { createdDaysAgo: 3, movedDaysAgo: 3 });
    const canceled = await oldOrder(x, 'canceled', { createdDaysAgo: 10, movedDaysAgo: 8 });
    const pending = await oldOrder(x, 'pending', { createdDaysAgo: 1, movedDaysAgo: 1 });
    const elsewhere = await oldOrder(y, 'completed', { createdDaysAgo: 4, movedDaysAgo: 4 });
    // An organization already numbered up to 3 goes on from 4.
    await query('INSERT INTO invoice_sequences (organization_id, last_number) VALUES ($1, 3)', [z]);
    const next = await oldOrder(z, 'completed', { createdDaysAgo: 2, movedDaysAgo: 2 });

    for (let run = 0; run < 2; run++) {
      await migrateAgain();
      expect(await numberOf(paidFirst)).toBe(1);
      expect(await numberOf(paidSecond)).toBe(2);
      expect(await numberOf(elsewhere)).toBe(1);
      expect(await numberOf(next)).toBe(4);
      for (const unpaid of [failed, canceled, pending]) expect(await numberOf(unpaid)).toBeNull();
      expect(await stepsOf(paidSecond)).toEqual(['created', 'paid']);
      expect(await stepsOf(failed)).toEqual(['created', 'failed']);
      expect(await stepsOf(canceled)).toEqual(['created', 'canceled']);
      expect(await stepsOf(pending)).toEqual(['created']);
      const sequences = await query<{ organization_id: string; last_number: number }>(
        'SELECT organization_id, last_number FROM invoice_sequences WHERE organization_id = ANY($1::uuid[]) ORDER BY last_number',
        [[x, y, z]],
      );
      expect(sequences.map((row) => [row.organization_id, row.last_number]).sort()).toEqual(
        [
          [x, 2],
          [y, 1],
          [z, 4],
        ].sort(),
      );
    }
    const [paid] = await query<{ paid_at: Date; updated_at: Date; invoice_issued_at: Date }>(
      'SELECT paid_at, updated_at, invoice_issued_at FROM orders WHERE id = $1',
      [paidSecond],
    );
    expect(paid.paid_at).toEqual(paid.updated_at);
    expect(paid.invoice_issued_at).toEqual(paid.paid_at);
  });
});
