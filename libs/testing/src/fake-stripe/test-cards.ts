/**
 * What a payment method does when confirmed: Stripe's published test cards
 * (https://docs.stripe.com/testing), by card number or `pm_card_…` test PaymentMethod, and one the fake
 * adds for `processing`, which Stripe's cards cannot reach synchronously.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string }
  | { kind: 'requires_authentication' }
  | { kind: 'processing' };

/** The fake's own processing card: not a Stripe test card (4000 0000 0000 0077 is not one either). */
export const PROCESSING_CARD = '4000000000007726';
export const PROCESSING_PAYMENT_METHOD = 'pm_card_processing';

export type Declined = Extract<CardOutcome, { kind: 'declined' }>;

export const genericDecline: Declined = {
  kind: 'declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};
const insufficientFunds: Declined = {
  kind: 'declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

const byNumber: Record<string, CardOutcome> = {
  '4000000000000002': genericDecline,
  '4000000000009995': insufficientFunds,
  // "Authenticate unless set up" and "Always authenticate" (3-D Secure 2).
  '4000002500003155': { kind: 'requires_authentication' },
  '4000000000003220': { kind: 'requires_authentication' },
  [PROCESSING_CARD]: { kind: 'processing' },
};

const byPaymentMethod: Record<string, CardOutcome> = {
  pm_card_chargeDeclined: genericDecline,
  pm_card_visa_chargeDeclined: genericDecline,
  pm_card_visa_chargeDeclinedInsufficientFunds: insufficientFunds,
  pm_card_authenticationRequired: { kind: 'requires_authentication' },
  pm_card_threeDSecure2Required: { kind: 'requires_authentication' },
  [PROCESSING_PAYMENT_METHOD]: { kind: 'processing' },
};

/** Any other card (4242 4242 4242 4242, `pm_card_visa`…) succeeds. */
export function outcomeOf(cardNumber: string | undefined, paymentMethod: string | undefined): CardOutcome {
  if (cardNumber) return byNumber[cardNumber.replace(/\D/g, '')] ?? { kind: 'succeeds' };
  if (paymentMethod) return byPaymentMethod[paymentMethod] ?? { kind: 'succeeds' };
  return { kind: 'succeeds' };
}

/**
 * What a refund of a charge does, from Stripe's refund test cards (https://docs.stripe.com/testing#refunds):
 * - succeeds: any other card; the refund is `succeeded` at once.
 * - pending: `pm_card_pendingRefund` — the refund begins `pending` and later becomes `succeeded`
 *   (`refund.updated`, `charge.refund.updated`). Stripe also gives it the number 4000 0000 0000 7726,
 *   which this fake already uses for its processing payment (PROCESSING_CARD), so only the
 *   PaymentMethod reaches it here.
 * - fails_later: 4000 0000 0000 5126 / `pm_card_refundFail` — the refund begins `succeeded` and later
 *   becomes `failed` (`refund.updated`, `charge.refund.updated`, `refund.failed`); the money goes back to
 *   the balance and the charge counts it as unrefunded again.
 */
export type RefundBehaviour = 'succeeds' | 'pending' | 'fails_later';

export const REFUND_FAIL_CARD = '4000000000005126';
export const REFUND_FAIL_PAYMENT_METHOD = 'pm_card_refundFail';
export const PENDING_REFUND_PAYMENT_METHOD = 'pm_card_pendingRefund';

export function refundBehaviourOf(
  cardNumber: string | undefined,
  paymentMethod: string | undefined,
): RefundBehaviour {
  if (cardNumber) return cardNumber.replace(/\D/g, '') === REFUND_FAIL_CARD ? 'fails_later' : 'succeeds';
  if (paymentMethod === REFUND_FAIL_PAYMENT_METHOD) return 'fails_later';
  if (paymentMethod === PENDING_REFUND_PAYMENT_METHOD) return 'pending';
  return 'succeeds';
}
