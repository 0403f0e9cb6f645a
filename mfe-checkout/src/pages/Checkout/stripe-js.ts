import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, fetched from js.stripe.com the first time checkout needs it (the payment form, or the
 * page a bank's authentication returns to), one instance per publishable key.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}
