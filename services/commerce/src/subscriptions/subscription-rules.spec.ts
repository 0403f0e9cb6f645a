import { addMonths, billingPeriodAt, cancellationEnd, moneyBackDeadline } from '@portal/contracts';
import { nextBillingDate, rollForward, type SubscriptionRow } from './subscription-rules';

const at = (iso: string) => new Date(iso);

function subscription(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 'sub',
    organizationId: 'org',
    orderId: 'order',
    packageId: 'inbound',
    packageName: 'Inbound Support',
    unitPrice: '1499.00',
    quantity: 2,
    status: 'active',
    startedAt: at('2026-01-31T10:00:00.000Z'),
    currentPeriodStart: at('2026-01-31T10:00:00.000Z'),
    currentPeriodEnd: at('2026-02-28T10:00:00.000Z'),
    pendingPackageId: null,
    pendingPackageName: null,
    pendingUnitPrice: null,
    pendingQuantity: null,
    cancelRequestedAt: null,
    endsAt: null,
    ...overrides,
  };
}

describe('billing periods', () => {
  it('bills by calendar month from the first payment, a missing day being the month’s last', () => {
    const anchor = at('2026-01-31T10:00:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    // Counted from the anchor, not from the shortened month: back to the 31st.
    expect(addMonths(anchor, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(anchor, 13).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(billingPeriodAt(anchor, at('2026-02-28T09:59:59.999Z'))).toBe(0);
    expect(billingPeriodAt(anchor, at('2026-02-28T10:00:00.000Z'))).toBe(1);
    expect(billingPeriodAt(anchor, at('2026-12-01T00:00:00.000Z'))).toBe(10);
  });
});

describe('cancellation with 30 days’ notice', () => {
  const anchor = at('2026-03-10T12:00:00.000Z');

  it('ends at the end of the billing period in which the 30 days run out', () => {
    // Asked on April 1: the notice runs to May 1, inside the period April 10 – May 10.
    expect(cancellationEnd(anchor, at('2026-04-01T12:00:00.000Z')).toISOString()).toBe(
      '2026-05-10T12:00:00.000Z',
    );
    // Asked on April 20: the notice runs to May 20, so the period May 10 – June 10 is served too.
    expect(cancellationEnd(anchor, at('2026-04-20T12:00:00.000Z')).toISOString()).toBe(
      '2026-06-10T12:00:00.000Z',
    );
  });

  it('never ends before the 30 days: a notice running out exactly at a period’s end ends there', () => {
    // April 10 + 30 days = May 10, a period's end.
    expect(cancellationEnd(anchor, at('2026-04-10T12:00:00.000Z')).toISOString()).toBe(
      '2026-05-10T12:00:00.000Z',
    );
    // One millisecond later, and the next period is due.
    expect(cancellationEnd(anchor, at('2026-04-10T12:00:00.001Z')).toISOString()).toBe(
      '2026-06-10T12:00:00.000Z',
    );
  });
});

describe('next cycle', () => {
  it('applies a scheduled change when the period ends, not before', () => {
    const row = subscription({
      pendingPackageId: 'outbound',
      pendingPackageName: 'Outbound Sales',
      pendingUnitPrice: '1999.00',
      pendingQuantity: 5,
    });
    expect(rollForward(row, at('2026-02-28T09:59:59.999Z'))).toBe(row);
    const renewed = rollForward(row, at('2026-02-28T10:00:00.000Z'));
    expect(renewed).toMatchObject({
      packageId: 'outbound',
      packageName: 'Outbound Sales',
      unitPrice: '1999.00',
      quantity: 5,
      pendingPackageId: null,
      pendingQuantity: null,
      currentPeriodStart: at('2026-02-28T10:00:00.000Z'),
      currentPeriodEnd: at('2026-03-31T10:00:00.000Z'),
      status: 'active',
    });
    // Several periods later, still counted from the first payment.
    expect(rollForward(row, at('2026-06-15T00:00:00.000Z'))).toMatchObject({
      currentPeriodStart: at('2026-05-31T10:00:00.000Z'),
      currentPeriodEnd: at('2026-06-30T10:00:00.000Z'),
      quantity: 5,
    });
  });

  it('ends a canceled subscription when its notice has run out instead of renewing it', () => {
    const row = subscription({
      status: 'canceling',
      cancelRequestedAt: at('2026-02-10T00:00:00.000Z'),
      endsAt: at('2026-03-31T10:00:00.000Z'),
    });
    // Billed once more on February 28 (the notice runs past it), not after.
    expect(nextBillingDate(row)?.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    const lastPeriod = rollForward(row, at('2026-03-01T00:00:00.000Z'));
    expect(lastPeriod).toMatchObject({ status: 'canceling' });
    expect(nextBillingDate(lastPeriod)).toBeNull();
    expect(rollForward(row, at('2026-03-31T10:00:00.000Z'))).toMatchObject({ status: 'canceled' });
  });
});

describe('money-back window', () => {
  it('closes 30 days after the first payment', () => {
    expect(moneyBackDeadline(at('2026-01-31T10:00:00.000Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
