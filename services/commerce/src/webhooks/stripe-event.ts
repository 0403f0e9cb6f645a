import { z } from 'zod';

/** Stripe's ids and event types: letters, digits, `_`, `-`, `.` (nothing PostgreSQL or a log would choke on). */
const stripeId = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'must be a Stripe id');

/**
 * The part of a (signature-checked) Stripe event the webhook reads. Stripe adds fields to its objects
 * freely, so unknown fields pass; the ones read must have their documented types, else the event is
 * refused with a 400 rather than failing half-way with a 500.
 */
export const stripeEventSchema = z.object({
  id: stripeId,
  type: z.string().regex(/^[a-z0-9_.]{1,100}$/, 'must be a Stripe event type'),
  // Unix seconds up to the year 9999: the paid/failed time of the order's event.
  created: z.number().int().min(0).max(253_402_300_799),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

/**
 * What the webhook reads of a payment_intent.* event's `data.object`: which PaymentIntent, and the order
 * its metadata names. Its state is read back from Stripe, not taken from the event.
 */
export const stripePaymentIntentSchema = z.object({
  id: stripeId,
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type StripePaymentIntentView = z.infer<typeof stripePaymentIntentSchema>;

/** What the webhook reads of a refund event's `data.object`: which refund (read back from Stripe). */
export const stripeRefundSchema = z.object({ id: stripeId });

/** The first problem of a failed parse as `path: message`, for the 400's message. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
