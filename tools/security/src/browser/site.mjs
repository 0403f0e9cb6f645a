// What the headers and CSP checks visit: every route the sections' builds serve and the 404 page
// (@portal/toolkit/site-routes), and a customer whose dashboard has data.
import { createHmac, randomUUID } from 'node:crypto';
import { createApiClient } from '@portal/toolkit/api-client';
import { stripeKeys } from './stack.mjs';

export { NOT_FOUND_PATH, siteRoutes } from '@portal/toolkit/site-routes';

/**
 * A customer with something on every dashboard tab: an integration with a call and a lead its
 * dialer posted, a support ticket and a paid order (confirmed at the fake Stripe API). Returns
 * { email, token, cart } (cart: one plan, as localStorage `cart` holds it).
 */
export async function customerWithData(baseUrl, fakeStripeUrl) {
  // Not the suite's support/api.mjs client: what the crawl's customer is set up with is no response
  // of the checks (its transcript).
  const call = createApiClient(baseUrl).expectOk;
  const email = `csp-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await call('POST', '/api/auth/register', {
    body: { name: 'Casey Park', email, password: 'csp-crawl-password-1' },
  });
  const integration = await call('POST', '/api/crm/integrations', {
    token,
    body: { type: 'dialpad', name: 'Dialpad · Main line', apiKey: 'dp_live_csp_5e4d3c2b' },
  });
  for (const event of [
    { type: 'call.completed', data: { call_id: `c-${randomUUID()}`, duration: 201, resolution: 'resolved' } },
    { type: 'lead.created', data: { lead_id: `l-${randomUUID()}`, source: 'inbound call' } },
  ]) {
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', integration.signingSecret).update(`${t}.${body}`).digest('hex');
    await call('POST', integration.inboundUrl, {
      body,
      contentType: 'application/json',
      headers: { 'x-portal-signature': `t=${t},v1=${v1}` },
    });
  }
  await call('POST', '/api/support/tickets', {
    token,
    body: {
      title: 'Overflow routing',
      description: 'Send Saturday overflow to the Denver team.',
      priority: 'high',
    },
  });

  const [plan] = await call('GET', '/api/packages');
  const { clientSecret, orderId } = await call('POST', '/api/create-payment-intent', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { items: [{ packageId: plan.id, quantity: 1 }] },
  });
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const confirmed = await fetch(`${fakeStripeUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: stripeKeys.publishableKey,
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    }),
  });
  if (!confirmed.ok) throw new Error(`confirming the payment: ${confirmed.status} ${await confirmed.text()}`);
  for (let tries = 0; ; tries += 1) {
    const order = await call('GET', `/api/user/orders/${orderId}`, { token });
    if (order.status === 'completed') break;
    if (tries > 100) throw new Error(`order ${orderId} stayed ${order.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    email,
    token,
    cart: [{ packageId: plan.id, name: plan.name, price: Number(plan.price), quantity: 1 }],
  };
}
