import {
  centsToMoney,
  commerceMessages,
  createPaymentIntentRequestSchema,
  idempotencyKeySchema,
  MAX_CART_LINES,
  moneySchema,
  moneyToCents,
} from './commerce';
import { events, findEventDefinition } from '../events/catalog';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const firstMessage = (input: unknown) => {
  const result = createPaymentIntentRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('createPaymentIntentRequestSchema', () => {
  it('accepts ids and whole quantities from 1 to 100', () => {
    const body = {
      items: [
        { packageId: id(1), quantity: 1 },
        { packageId: id(2), quantity: 100 },
      ],
    };
    expect(createPaymentIntentRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['no items', { items: [] }, commerceMessages.emptyCart],
    ['no items field', {}, commerceMessages.emptyCart],
    ['a quantity of 0', { items: [{ packageId: id(1), quantity: 0 }] }, commerceMessages.quantityInvalid],
    ['a quantity of 101', { items: [{ packageId: id(1), quantity: 101 }] }, commerceMessages.quantityInvalid],
    [
      'a fractional quantity',
      { items: [{ packageId: id(1), quantity: 1.5 }] },
      commerceMessages.quantityInvalid,
    ],
    [
      'a quantity as text',
      { items: [{ packageId: id(1), quantity: '2' }] },
      commerceMessages.quantityInvalid,
    ],
    ['a missing quantity', { items: [{ packageId: id(1) }] }, commerceMessages.quantityInvalid],
    [
      'a package id that is no uuid',
      { items: [{ packageId: 'basic', quantity: 1 }] },
      commerceMessages.packageIdInvalid,
    ],
    [
      'the same package twice (in any case)',
      {
        items: [
          { packageId: id(10), quantity: 1 },
          { packageId: id(10).toUpperCase(), quantity: 2 },
        ],
      },
      commerceMessages.duplicatePackage,
    ],
    [
      'a price sent by the client',
      { items: [{ packageId: id(1), quantity: 1, price: '0.01' }] },
      'Unrecognized key: "price"',
    ],
    [
      'a total sent by the client',
      { items: [{ packageId: id(1), quantity: 1 }], total: 1 },
      'Unrecognized key: "total"',
    ],
  ])('refuses %s', (_label, body, message) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('refuses more lines than any cart can hold', () => {
    const items = Array.from({ length: MAX_CART_LINES + 1 }, (_, n) => ({ packageId: id(n), quantity: 1 }));
    expect(firstMessage({ items })).toBe(commerceMessages.tooManyLines);
  });
});

describe('money and idempotency keys', () => {
  it('takes money only as a decimal string with two places', () => {
    expect(moneySchema.safeParse('1499.00').success).toBe(true);
    for (const bad of ['1499', '1499.5', '-1.00', '1e3', 1499])
      expect(moneySchema.safeParse(bad).success).toBe(false);
  });

  it('converts money to whole cents and back exactly', () => {
    expect(moneyToCents('1499.00')).toBe(149900);
    expect(moneyToCents('0.29')).toBe(29);
    expect(moneyToCents('99999999.99')).toBe(9_999_999_999);
    expect(centsToMoney(149900)).toBe('1499.00');
    expect(centsToMoney(7)).toBe('0.07');
    expect(centsToMoney(moneyToCents('19.99') * 3)).toBe('59.97');
    expect(() => moneyToCents('19.9')).toThrow();
    expect(() => centsToMoney(1.5)).toThrow(RangeError);
    expect(() => centsToMoney(-1)).toThrow(RangeError);
  });

  it('takes idempotency keys of 8 to 255 safe characters', () => {
    expect(idempotencyKeySchema.safeParse('checkout:3f2a-77_x.1').success).toBe(true);
    for (const bad of ['short', 'x'.repeat(256), 'has space in it', 'semi;colon!']) {
      expect(idempotencyKeySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('order events', () => {
  it('are in the catalog under portal.orders.*', () => {
    expect([
      events.orderCreated.subject,
      events.orderPaid.subject,
      events.orderFailed.subject,
      events.orderCanceled.subject,
    ]).toEqual([
      'portal.orders.created',
      'portal.orders.paid',
      'portal.orders.failed',
      'portal.orders.canceled',
    ]);
    expect(findEventDefinition('order.paid')).toBe(events.orderPaid);
  });

  it('refuse an order.created without items or with a float total', () => {
    const base = {
      orderId: id(1),
      userId: id(2),
      organizationId: null,
      total: '10.00',
      currency: 'usd',
      items: [{ packageId: id(3), name: 'Inbound Support', quantity: 1, price: '10.00' }],
      createdAt: new Date().toISOString(),
    };
    expect(events.orderCreated.data.safeParse(base).success).toBe(true);
    expect(events.orderCreated.data.safeParse({ ...base, items: [] }).success).toBe(false);
    expect(events.orderCreated.data.safeParse({ ...base, total: 10 }).success).toBe(false);
  });
});
