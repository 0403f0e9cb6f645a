import { useEffect, useMemo, useState } from 'react';
import { commerceMessages } from '@portal/contracts';
import { serverMessage, useCartContext, type ApiError } from '@portal/store';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
import { useCreatePaymentIntentMutation } from './checkout-api';
import { cartSignature, idempotencyKeyFor } from './idempotency-key';

export type PaymentSetup =
  | { kind: 'loading' }
  /** No publishable key, or the payment service says payments are not configured: nothing can be paid here yet. */
  | { kind: 'setupRequired' }
  | { kind: 'failed'; detail?: string }
  | { kind: 'ready'; clientSecret: string; orderId: string; publishableKey: string };

/**
 * Prepares the payment of the cart: the publishable key from the runtime config, then
 * `POST /api/create-payment-intent` with an Idempotency-Key kept per cart content (a reload, a retry
 * or React running the effect twice gets the same order; a changed cart makes a new one).
 */
export function usePaymentSetup(): { setup: PaymentSetup; retry: () => void } {
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const { items } = useCartContext();
  const signature = cartSignature(items);
  const lines = useMemo(
    () => items.map(({ packageId, quantity }) => ({ packageId, quantity })),
    // The order depends on plans and quantities only (names and prices come from the server).
    [signature],
  );
  const [attempt, setAttempt] = useState(0);
  const [setup, setSetup] = useState<PaymentSetup>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setSetup({ kind: 'loading' });
    void (async () => {
      const { payments } = await loadRuntimeConfig();
      if (!payments) {
        if (current) setSetup({ kind: 'setupRequired' });
        return;
      }
      const idempotencyKey = idempotencyKeyFor(signature);
      const request = createPaymentIntent({ items: lines, idempotencyKey });
      const result = await request;
      request.reset(); // the answer lives in this component, not in the store
      if (!current) return;
      if ('data' in result && result.data) {
        setSetup({ kind: 'ready', ...result.data, publishableKey: payments.publishableKey });
        return;
      }
      const error = result.error as ApiError;
      // A 503 for any other reason (the payment service is briefly unreachable) is worth a retry.
      if (error.status === 503 && serverMessage(error) === commerceMessages.paymentsNotConfigured) {
        setSetup({ kind: 'setupRequired' });
      } else setSetup({ kind: 'failed', detail: error.status === 400 ? serverMessage(error) : undefined });
    })();
    return () => {
      current = false;
    };
  }, [createPaymentIntent, lines, signature, attempt]);

  return { setup, retry: () => setAttempt((count) => count + 1) };
}
