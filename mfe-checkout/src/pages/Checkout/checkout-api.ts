import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse, Order } from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';

/** The request header the commerce service reads (`IDEMPOTENCY_KEY_HEADER` of the contracts). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const checkoutApi = lazyApi((api) =>
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
  }),
);

/** The checkout endpoints, once RTK Query (a chunk of its own) has loaded (tests load it up front). */
export const loadCheckoutApi = checkoutApi.load;

export const useCreatePaymentIntentMutation = checkoutApi.hook('useCreatePaymentIntentMutation');
export const useOrderQuery = checkoutApi.hook('useOrderQuery');

/** An order's status changed on the server: order lists cached elsewhere (the dashboard's) are stale. */
export const ordersChanged = (): AppThunk => (dispatch) =>
  void checkoutApi.load().then((api) => dispatch(api.util.invalidateTags(['Orders'])));
