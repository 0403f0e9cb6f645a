import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentIntent } from '@stripe/stripe-js';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
import { confirmationPath, type CheckoutState } from './checkout-state';
import { CheckoutProgress } from './CheckoutProgress';
import { stripeFor } from './stripe-js';

/** Said when Stripe reports no reason for a payment that did not go through. */
export const PAYMENT_NOT_COMPLETED = 'Your payment was not completed. Please try again or use another card.';

/** The PaymentIntent as Stripe.js reads it with its client secret; null when it cannot be read. */
async function retrievePaymentIntent(clientSecret: string): Promise<PaymentIntent | null> {
  const { payments } = await loadRuntimeConfig();
  const stripe = payments && (await stripeFor(payments.publishableKey));
  if (!stripe) return null;
  const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
  return paymentIntent ?? null;
}

/** Where the page goes once Stripe said how the payment ended, and what it tells there. */
function outcomeOf(orderId: string, intent: PaymentIntent | null): { to: string; state?: CheckoutState } {
  // Unreadable, paid or canceled: the order as the server knows it says the rest.
  if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') {
    return { to: confirmationPath(orderId) };
  }
  if (intent.status === 'processing') {
    return { to: confirmationPath(orderId), state: { paymentProcessing: true } };
  }
  // requires_payment_method (authentication failed, card declined) or left unfinished: the same
  // order takes another card.
  return {
    to: '/checkout',
    state: { paymentError: intent.last_payment_error?.message ?? PAYMENT_NOT_COMPLETED },
  };
}

/**
 * Stripe's return_url after a bank's page (3-D Secure): `?order=<id>&payment_intent=…&
 * payment_intent_client_secret=…&redirect_status=…`. Reads the outcome from Stripe (the redirect
 * status is only a hint), then replaces the address without Stripe's parameters: the confirmation,
 * or the payment form again with the bank's reason. Loads Stripe.js on this path only.
 */
export default function PaymentReturn({ orderId, clientSecret }: { orderId: string; clientSecret: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void retrievePaymentIntent(clientSecret)
      .catch(() => null)
      .then((intent) => {
        if (!current) return;
        const { to, state } = outcomeOf(orderId, intent);
        void navigate(to, { replace: true, state });
      });
    return () => {
      current = false;
    };
  }, [clientSecret, orderId, navigate]);
  return <CheckoutProgress>Confirming your payment...</CheckoutProgress>;
}
