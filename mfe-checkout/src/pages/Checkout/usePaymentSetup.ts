import { useEffect, useMemo, useState } from 'react';
import { commerceMessages, orderClosedResponseSchema, type OrderClosedResponse } from '@portal/contracts';
import { serverMessage, useCartContext, type ApiError } from '@portal/store';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
import { useCreatePaymentIntentMutation } from './checkout-api';
import { cartSignature, forgetIdempotencyKey, idempotencyKeyFor } from './idempotency-key';

export type PaymentSetup =
  | { kind: 'loading' }
  /** No publishable key, or the payment service says payments are not configured: nothing can be paid here yet. */
  | { kind: 'setupRequired' }
  | { kind: 'failed'; detail?: string }
  | { kind: 'ready'; clientSecret: string; orderId: string; publishableKey: string }
  /** The cart's order is paid or its payment is processing (another tab, an earlier visit): its confirmation. */
  | { kind: 'closed'; orderId: string };

/** The 409 of create-payment-intent: the cart's order takes no new payment. */
function orderClosed(error: ApiError): OrderClosedResponse | undefined {
  if (error.status !== 409) return undefined;
  const closed = orderClosedResponseSchema.safeParse(error.data);
  return closed.success ? closed.data : undefined;
}

/**
 * Prepares the payment of the cart: the publishable key from the runtime config, then
 * `POST /api/create-payment-intent` with an Idempotency-Key kept per cart content and shared by the
 * browser's tabs (a reload, a retry, a second tab or React running the effect twice gets the same
 * order; a changed cart makes a new one). An order already paid or processing is shown, not paid
 * again; a canceled one is forgotten and the cart gets a new order, once.
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
    const create = async () => {
      const request = createPaymentIntent({ items: lines, idempotencyKey: idempotencyKeyFor(signature) });
      const result = await request;
      request.reset(); // the answer lives in this component, not in the store
      return result;
    };
    void (async () => {
      const { payments } = await loadRuntimeConfig();
      if (!payments) {
        if (current) setSetup({ kind: 'setupRequired' });
        return;
      }
      let result = await create();
      if (!current) return;
      if ('error' in result && orderClosed(result.error as ApiError)?.orderStatus === 'canceled') {
        // Not paid in time: that order is over and its key with it; the same cart starts a new one.
        forgetIdempotencyKey();
        result = await create();
        if (!current) return;
      }
      if ('data' in result && result.data) {
        setSetup({ kind: 'ready', ...result.data, publishableKey: payments.publishableKey });
        return;
      }
      const error = result.error as ApiError;
      const closed = orderClosed(error);
      if (closed && closed.orderStatus !== 'canceled') {
        setSetup({ kind: 'closed', orderId: closed.orderId });
        return;
      }
      // A 503 for any other reason (the payment service is briefly unreachable) is worth a retry.
      if (error.status === 503 && serverMessage(error) === commerceMessages.paymentsNotConfigured) {
        setSetup({ kind: 'setupRequired' });
      } else {
        const told = error.status === 400 || closed !== undefined;
        setSetup({ kind: 'failed', detail: told ? serverMessage(error) : undefined });
      }
    })();
    return () => {
      current = false;
    };
  }, [createPaymentIntent, lines, signature, attempt]);

  return { setup, retry: () => setAttempt((count) => count + 1) };
}
