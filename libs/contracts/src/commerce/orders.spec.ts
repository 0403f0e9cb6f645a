import {
  createRefundRequestSchema,
  formatInvoiceNumber,
  orderDetailMessages,
  orderPageQuerySchema,
  staffOrderListQuerySchema,
} from './orders';

const firstMessage = (
  schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error!.issues[0].message;
};

describe('orderPageQuerySchema', () => {
  it('pages 20 orders unless told, up to 100', () => {
    expect(orderPageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(orderPageQuerySchema.parse({ limit: '100', cursor: 'abc' })).toEqual({
      limit: 100,
      cursor: 'abc',
    });
  });

  it.each([['0'], ['101'], ['1.5'], ['ten'], ['-1']])('refuses a limit of %s', (limit) => {
    expect(firstMessage(orderPageQuerySchema, { limit })).toBe(orderDetailMessages.limitInvalid);
  });

  it('refuses unknown fields', () => {
    expect(orderPageQuerySchema.safeParse({ organizationId: 'x' }).success).toBe(false);
  });
});

describe('staffOrderListQuerySchema', () => {
  it('filters by organization and status', () => {
    const organizationId = '00000000-0000-4000-8000-000000000001';
    expect(staffOrderListQuerySchema.parse({ organizationId, status: 'completed' })).toEqual({
      organizationId,
      status: 'completed',
      limit: 20,
    });
  });

  it('says what a bad filter is', () => {
    expect(firstMessage(staffOrderListQuerySchema, { status: 'paid' })).toBe(
      orderDetailMessages.statusInvalid,
    );
    expect(firstMessage(staffOrderListQuerySchema, { organizationId: '1' })).toBe(
      orderDetailMessages.organizationIdInvalid,
    );
  });
});

describe('createRefundRequestSchema', () => {
  it('takes no amount (everything left) or a positive amount, and a Stripe reason', () => {
    expect(createRefundRequestSchema.parse({})).toEqual({});
    expect(createRefundRequestSchema.parse({ amount: '25.00', reason: 'requested_by_customer' })).toEqual({
      amount: '25.00',
      reason: 'requested_by_customer',
    });
  });

  it.each([['0.00'], ['-1.00'], ['1.5'], [25], ['25']])('refuses an amount of %p', (amount) => {
    expect(firstMessage(createRefundRequestSchema, { amount })).toBe(orderDetailMessages.refundAmountInvalid);
  });

  it('refuses another reason and unknown fields', () => {
    expect(firstMessage(createRefundRequestSchema, { reason: 'changed_mind' })).toBe(
      orderDetailMessages.refundReasonInvalid,
    );
    expect(createRefundRequestSchema.safeParse({ amount: '1.00', orderId: 'x' }).success).toBe(false);
  });
});

describe('formatInvoiceNumber', () => {
  it('numbers invoices INV-000001 on', () => {
    expect(formatInvoiceNumber(1)).toBe('INV-000001');
    expect(formatInvoiceNumber(1234567)).toBe('INV-1234567');
  });
});
