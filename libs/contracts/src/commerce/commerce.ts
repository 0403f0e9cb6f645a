import { z } from 'zod';
import { commerceMessages, MAX_CART_LINES, MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from './commerce-messages';

export * from './commerce-messages';

/**
 * Money crosses the API as a decimal string with two places ("1499.00"), as PostgreSQL's
 * decimal(10,2) holds it: never a binary float. Amounts for Stripe are whole cents.
 */
export const moneySchema = z.string().regex(/^\d{1,8}\.\d{2}$/, 'Must be an amount such as 1499.00');
export type Money = z.infer<typeof moneySchema>;

/** "1499.00" → 149900, read from the digits (no float ever holds the amount). */
export function moneyToCents(money: Money): number {
  const [whole, fraction] = moneySchema.parse(money).split('.');
  return Number(whole) * 100 + Number(fraction);
}

/** 149900 → "1499.00". */
export function centsToMoney(cents: number): Money {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The largest amount a card payment can take (Stripe's limit for USD): $999,999.99. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** A catalog package (a row of `packages`), as `GET /api/packages` lists the active ones. */
export const packageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Monthly price in USD. */
  price: moneySchema,
  description: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type CatalogPackage = z.infer<typeof packageSchema>;
export const packageListResponseSchema = z.array(packageSchema);

export const cartLineSchema = z.strictObject({
  packageId: z.uuid({ error: commerceMessages.packageIdInvalid }),
  quantity: z
    .number({ error: commerceMessages.quantityInvalid })
    .int(commerceMessages.quantityInvalid)
    .min(MIN_ITEM_QUANTITY, commerceMessages.quantityInvalid)
    .max(MAX_ITEM_QUANTITY, commerceMessages.quantityInvalid),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * `POST /api/create-payment-intent`: only ids and quantities; prices come from the
 * catalog on the server. Unknown fields are rejected.
 */
export const createPaymentIntentRequestSchema = z.strictObject({
  items: z
    .array(cartLineSchema, { error: commerceMessages.emptyCart })
    .min(1, commerceMessages.emptyCart)
    .max(MAX_CART_LINES, commerceMessages.tooManyLines)
    .refine(
      (items) => new Set(items.map((item) => item.packageId.toLowerCase())).size === items.length,
      commerceMessages.duplicatePackage,
    ),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

/**
 * Optional request header of `POST /api/create-payment-intent`: a retry carrying the same key (and
 * the same cart) answers the order made the first time instead of making a second one.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_:.-]{8,255}$/, commerceMessages.idempotencyKeyInvalid);

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  orderId: z.uuid(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * An order starts pending; its PaymentIntent's verified events move it: processing (the bank has not
 * answered yet), completed (final), failed (the customer may pay again), canceled (final: not paid
 * within the payment window, or its PaymentIntent canceled at Stripe; nothing was charged).
 */
export const orderStatuses = ['pending', 'processing', 'completed', 'failed', 'canceled'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The statuses in which an order takes no new payment, with the message of each. */
export const closedOrderStatuses = ['processing', 'completed', 'canceled'] as const;
export type ClosedOrderStatus = (typeof closedOrderStatuses)[number];
export const closedOrderMessages: Record<ClosedOrderStatus, string> = {
  processing: commerceMessages.paymentProcessing,
  completed: commerceMessages.orderAlreadyPaid,
  canceled: commerceMessages.orderCanceled,
};

/**
 * 409 of `POST /api/create-payment-intent` when the cart's order can no longer take a payment: no
 * client secret is handed out again. Completed or processing: the page shows that order's
 * confirmation. Canceled: the page starts a new order (a new Idempotency-Key) for the same cart.
 */
export const orderClosedResponseSchema = z.object({
  statusCode: z.literal(409),
  message: z.string(),
  orderId: z.uuid(),
  orderStatus: z.enum(closedOrderStatuses),
});
export type OrderClosedResponse = z.infer<typeof orderClosedResponseSchema>;

export const orderItemSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid(),
  /** The package's name when the order was placed. */
  name: z.string(),
  quantity: z.number().int(),
  /** Monthly unit price charged, from the catalog at the time of the order. */
  price: moneySchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** `GET /api/user/orders` (newest first) and `GET /api/user/orders/{id}`: the caller's own orders. */
export const orderSchema = z.object({
  id: z.uuid(),
  status: orderStatusSchema,
  total: moneySchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListResponseSchema = z.array(orderSchema);
