// Two customers (A owns things, B tries to reach them) and the staff account, with one of each kind of
// owned object for A: an order, an integration (and a call it reported), a support ticket; and a
// throwaway customer (doomed) whose password is the example of account deletion; and a second
// session of A's (ids.session).
import { createHmac, randomUUID } from 'node:crypto';
import { apiClient, signIn, signUp } from './api.mjs';
import { startSecurityStack } from './stack.mjs';

/** `X-Portal-Signature` of an integration's inbound event (README: Connecting a dialer or CRM). */
export function inboundSignature(secret, rawBody, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return { 'x-portal-signature': `t=${t},v1=${v1}` };
}

/** `Stripe-Signature` as Stripe signs its webhooks. */
export function stripeSignature(secret, rawBody, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return { 'stripe-signature': `t=${t},v1=${v1}` };
}

/** Headers that make a body pass the route's signature check (none for routes without one). */
export function signatureHeaders(route, ctx, rawBody) {
  if (route.sign === 'inbound') return inboundSignature(ctx.integrationSecret, rawBody);
  if (route.sign === 'stripe') return stripeSignature(ctx.stripeWebhookSecret, rawBody);
  return {};
}

export async function waitFor(check, { timeoutMs = 15_000, intervalMs = 200, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * What a test file of the suite runs against: the stack, a client of its gateway and the world of
 * `createWorld` (A's objects, B and staff signed in). The file stops the stack after its tests.
 */
export async function openSecurityStack() {
  const stack = await startSecurityStack();
  const gateway = apiClient(stack.url);
  return { stack, gateway, ctx: await createWorld(gateway, stack) };
}

/** A job application with a one-page PDF CV, as the careers form sends it (multipart). */
async function applicationForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Security Applicant',
    email: `sec-applicant-${randomUUID().slice(0, 8)}@example.com`,
    role: 'Team Lead - Operations',
    location: 'Manila, Philippines',
  })) {
    form.append(name, value);
  }
  form.append('cv', new File(['%PDF-1.7\n%%EOF\n'], 'cv.pdf', { type: 'application/pdf' }));
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type'),
  };
}

/** A's objects in place, B and staff signed in. */
export async function createWorld(client, stack) {
  const [a, b, staff, doomed] = await Promise.all([
    signUp(client, 'a'),
    signUp(client, 'b'),
    signIn(client, stack.staff),
    // For account deletion: a password no other account has, so only its own token deletes it.
    signUp(client, 'doomed', `doomed-${randomUUID().slice(0, 8)}-password-1`),
  ]);
  // A second session of A's, as on another device: B tries to sign it out by its id.
  const spare = await signIn(client, a);
  const spareSessions = await client.expectStatus(200, 'GET', '/api/account/sessions', {
    token: spare.token,
  });
  const spareSession = spareSessions.find((each) => each.current);
  const packages = await client.expectStatus(200, 'GET', '/api/packages');
  const packageIds = packages.map((each) => each.id);

  const payment = await client.expectStatus(201, 'POST', '/api/create-payment-intent', {
    token: a.token,
    body: { items: [{ packageId: packageIds[0], quantity: 1 }] },
  });
  const integration = await client.expectStatus(201, 'POST', '/api/crm/integrations', {
    token: a.token,
    body: {
      type: 'dialpad',
      name: 'A dialer',
      apiKey: 'a-dialer-api-key-1',
      webhookUrl: 'https://example.com/a',
    },
  });
  const ticket = await client.expectStatus(201, 'POST', '/api/support/tickets', {
    token: a.token,
    body: { title: 'A ticket', description: 'Only A may read this', priority: 'high' },
  });
  const application = await client.expectStatus(
    201,
    'POST',
    '/api/careers/applications',
    await applicationForm(),
  );
  const call = JSON.stringify({
    type: 'call.completed',
    data: { call_id: `a-call-${Date.now()}`, duration: 90 },
  });
  await client.expectStatus(202, 'POST', `/api/crm/inbound/${integration.id}`, {
    body: call,
    contentType: 'application/json',
    headers: inboundSignature(integration.signingSecret, call),
  });
  await waitFor(
    async () => {
      const { body } = await client.call('GET', '/api/kpi/metrics', { token: a.token });
      return body?.today?.calls >= 1;
    },
    { what: "A's call in A's KPIs" },
  );

  return {
    a,
    b,
    staff,
    doomed,
    packageIds,
    ids: {
      order: payment.orderId,
      integration: integration.id,
      ticket: ticket.id,
      application: application.id,
      session: spareSession.id,
    },
    integrationSecret: integration.signingSecret,
    paymentIntentId: payment.clientSecret.split('_secret_')[0],
    stripeWebhookSecret: stack.fakeStripe.webhookSecret,
  };
}

/** Path parameters naming A's object of the route's kind (`:id`, `:integrationId`). */
export function idsFor(route, ctx) {
  const id = ctx.ids[route.owned];
  return { id, integrationId: ctx.ids.integration };
}
