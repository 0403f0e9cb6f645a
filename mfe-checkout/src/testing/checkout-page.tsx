import type { Order, OrderStatus } from '@portal/contracts';
import { CartProvider } from '@portal/store';
import { renderPage, stubFetch, type StubbedAnswer, customer as user } from '@portal/web-testing';
import Checkout from '../pages/Checkout/Checkout';

/** What the checkout tests buy: two plans, $7,997.99 a month, paid as one order. */
export const ORDER_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
export const essential = {
  packageId: '11111111-1111-4111-8111-111111111111',
  name: 'Essential Support',
  price: 1499,
  quantity: 2,
};
export const growth = {
  packageId: '22222222-2222-4222-8222-222222222222',
  name: 'Growth 24/7',
  price: 4999.99,
  quantity: 1,
};
export const RUNTIME_CONFIG = {
  status: 200,
  body: { scheduler: null, payments: { publishableKey: 'pk_test_51Fake' } },
};
export const INTENT = { status: 200, body: { clientSecret: 'pi_test_1_secret_abc', orderId: ORDER_ID } };

/** The order of the cart as `GET /api/user/orders/:id` answers it. */
export const orderOf = (status: OrderStatus, id = ORDER_ID): Order => ({
  id,
  status,
  total: '7997.99',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  items: [],
});

/**
 * Records the Idempotency-Key of every create-payment-intent call and answers them in turn (the last
 * answer from then on); the order reads as `orderStatuses` in turn (pending unless told).
 */
export function stubCheckout(intentAnswers: StubbedAnswer[], orderStatuses: OrderStatus[] = ['pending']) {
  const keys: (string | null)[] = [];
  let orderReads = 0;
  const calls = stubFetch({
    'GET /runtime-config.json': RUNTIME_CONFIG,
    [`GET /api/user/orders/${ORDER_ID}`]: () => ({
      status: 200,
      body: orderOf(orderStatuses[Math.min(orderReads++, orderStatuses.length - 1)]!),
    }),
    'POST /api/create-payment-intent': (request) => {
      keys.push(request.headers.get('idempotency-key'));
      return intentAnswers[Math.min(keys.length - 1, intentAnswers.length - 1)]!;
    },
  });
  return { calls, keys };
}

/** /checkout (or `route`, e.g. Stripe's return_url) for a signed-in customer with `items` in the cart. */
export function renderCheckout(items = [essential, growth], route = '/checkout') {
  return renderPage(
    <CartProvider>
      <Checkout />
    </CartProvider>,
    { route, state: { session: { hasToken: true, user, checking: false }, cart: { items } } },
  );
}
