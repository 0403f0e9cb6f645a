import Stripe from 'stripe';

/** Stripe answered that this account has no such object (`resource_missing`). */
export const isUnknownAtStripe = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
