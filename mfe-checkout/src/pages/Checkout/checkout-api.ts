import { use } from 'react';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse, Order } from '@portal/contracts';
import { loadApi } from '@portal/store';

/** The request header the commerce service reads (`IDEMPOTENCY_KEY_HEADER` of the contracts). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

type PortalApi = Awaited<ReturnType<typeof loadApi>>['api'];

const injectCheckout = (api: PortalApi) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      /** Only ids and quantities; the server prices the order from its catalog. */
      createPaymentIntent: build.mutation<
        CreatePaymentIntentResponse,
        CreatePaymentIntentRequest & { idempotencyKey: string }
      >({
        query: ({ idempotencyKey, items }) => ({
          url: '/create-payment-intent',
          method: 'POST',
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          body: { items },
        }),
        // A new (pending) order: order lists cached elsewhere (the dashboard's) are out of date.
        invalidatesTags: ['Orders'],
      }),
      /** One of the caller's own orders (its status moves from pending once Stripe reports). */
      order: build.query<Order, string>({ query: (id) => `/user/orders/${encodeURIComponent(id)}` }),
    }),
  });

export type CheckoutApi = ReturnType<typeof injectCheckout>;
type TrackedPromise = Promise<CheckoutApi> & { status?: 'fulfilled'; value?: CheckoutApi };
let loading: TrackedPromise | undefined;

/** The store's api with the checkout endpoints, once RTK Query (a chunk of its own) has loaded. */
export function loadCheckoutApi(): Promise<CheckoutApi> {
  if (!loading) {
    const promise: TrackedPromise = loadApi().then(({ api }) => {
      const checkout = injectCheckout(api);
      // Marked the way React's `use` marks a settled promise, so later renders do not suspend.
      Object.assign(promise, { status: 'fulfilled', value: checkout });
      return checkout;
    });
    loading = promise;
  }
  return loading;
}

/** The checkout endpoints inside a component: suspends until RTK Query has loaded. */
export const useCheckoutApi = (): CheckoutApi => use(loadCheckoutApi());
