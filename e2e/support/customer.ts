import { createHmac } from 'node:crypto';
import type { APIRequestContext, BrowserContextOptions } from '@playwright/test';
import type { CartLine, CreatePaymentIntentResponse, Order } from '@portal/contracts';
import { ok } from './api';
import { confirmAtFakeStripe } from './stripe';

export const CUSTOMER_PASSWORD = 'harbor-lights-42';

/** The e2e database persists between runs: every customer gets an address of its own. */
export const uniqueEmail = (prefix: string) =>
  `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface Customer {
  email: string;
  token: string;
  /** What the checkout's cart holds (localStorage `cart`): one plan of the catalog. */
  cart: { packageId: string; name: string; price: number; quantity: number }[];
}

/**
 * A customer whose dashboard has something on every tab, made through the API: an integration with
 * a call and a lead posted by its "dialer", a support ticket and a paid order. The call and lead are
 * counted by kpi a moment later (over NATS); nothing here waits for that.
 */
export async function customerWithData(request: APIRequestContext, name = 'Jordan Ellis'): Promise<Customer> {
  const email = uniqueEmail('customer');
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', { data: { name, email, password: CUSTOMER_PASSWORD } }),
  );
  const auth = { Authorization: `Bearer ${token}` };

  const integration = await ok<{ inboundUrl: string; signingSecret: string }>(
    'integration',
    request.post('/api/crm/integrations', {
      headers: auth,
      data: { type: 'dialpad', name: 'Dialpad · Main line', apiKey: 'dp_live_e2e_a11y_4f3e2d1c' },
    }),
  );
  for (const event of [
    { type: 'call.completed', data: { call_id: `c-${Date.now()}`, duration: 184, resolution: 'resolved' } },
    { type: 'lead.created', data: { lead_id: `l-${Date.now()}`, source: 'inbound call' } },
  ]) {
    const body = JSON.stringify(event);
    const seconds = Math.floor(Date.now() / 1000);
    const digest = createHmac('sha256', integration.signingSecret).update(`${seconds}.${body}`).digest('hex');
    await ok(
      'inbound event',
      request.post(integration.inboundUrl, {
        headers: { 'content-type': 'application/json', 'x-portal-signature': `t=${seconds},v1=${digest}` },
        data: body,
      }),
    );
  }

  await ok(
    'ticket',
    request.post('/api/support/tickets', {
      headers: auth,
      data: {
        title: 'Weekend overflow routing',
        description: 'Please send Saturday overflow calls to the Denver team instead of voicemail.',
        priority: 'high',
      },
    }),
  );

  const [plan] = await ok<{ id: string; name: string; price: string }[]>(
    'catalog',
    request.get('/api/packages'),
  );
  const { clientSecret, orderId } = await placeOrder(request, token, [{ packageId: plan.id, quantity: 2 }]);
  await confirmAtFakeStripe(request, clientSecret);
  // Stripe's webhook (signed by the fake, through the gateway) completes the order.
  for (let tries = 0; ; tries += 1) {
    const order = await ok<{ status: string }>(
      'order',
      request.get(`/api/user/orders/${orderId}`, { headers: auth }),
    );
    if (order.status === 'completed') break;
    if (tries > 50) throw new Error(`order ${orderId} stayed ${order.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    email,
    token,
    cart: [{ packageId: plan.id, name: plan.name, price: Number(plan.price), quantity: 1 }],
  };
}

/** A new customer (signed up through the API) with the first plan of the catalog in the cart. */
export async function customerWithCart(request: APIRequestContext, name = 'Morgan Reyes'): Promise<Customer> {
  const email = uniqueEmail('shopper');
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', { data: { name, email, password: CUSTOMER_PASSWORD } }),
  );
  const [plan] = await ok<{ id: string; name: string; price: string }[]>(
    'catalog',
    request.get('/api/packages'),
  );
  return {
    email,
    token,
    cart: [{ packageId: plan.id, name: plan.name, price: Number(plan.price), quantity: 1 }],
  };
}

/** A browser signed in as `customer` with its cart, as the site keeps them (localStorage of `origin`). */
export function signedInState(customer: Customer, origin: string): BrowserContextOptions['storageState'] {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'auth_token', value: customer.token },
          { name: 'cart', value: JSON.stringify(customer.cart) },
        ],
      },
    ],
  };
}

/** The customer's orders as the API lists them, newest first. */
export function ordersOf(request: APIRequestContext, customer: Customer): Promise<Order[]> {
  return ok(
    'orders',
    request.get('/api/user/orders', { headers: { Authorization: `Bearer ${customer.token}` } }),
  );
}

/** An order of `items` placed through the API (a new Idempotency-Key): its id and client secret. */
export function placeOrder(
  request: APIRequestContext,
  token: string,
  items: CartLine[],
): Promise<CreatePaymentIntentResponse> {
  return ok(
    'payment intent',
    request.post('/api/create-payment-intent', {
      headers: {
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': `e2e-order-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
      },
      data: { items },
    }),
  );
}
