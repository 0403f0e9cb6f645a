import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { fakeStripeUrl } from './stripe';

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

async function ok<T>(what: string, response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const answered = await response;
  if (!answered.ok()) throw new Error(`${what}: ${answered.status()} ${await answered.text()}`);
  return (await answered.json()) as T;
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
  const { clientSecret, orderId } = await ok<{ clientSecret: string; orderId: string }>(
    'payment intent',
    request.post('/api/create-payment-intent', {
      headers: { ...auth, 'Idempotency-Key': `e2e-customer-${Date.now()}` },
      data: { items: [{ packageId: plan.id, quantity: 2 }] },
    }),
  );
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  await ok(
    'payment',
    request.post(`${fakeStripeUrl}/v1/payment_intents/${intentId}/confirm`, {
      form: {
        key: 'pk_test_e2eportal',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      },
    }),
  );
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
