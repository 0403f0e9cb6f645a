import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { stripeSchemaErrors, stripeSchemaSource } from './openapi-validator';

/**
 * Every answer of the fake Stripe API, and every webhook event it sends, checked against Stripe's
 * published OpenAPI schemas (openapi/stripe-schemas.json): the fake may not drift from Stripe unnoticed.
 * The calls are those the portal makes: commerce through the official SDK with the secret key, the
 * checkout page through Stripe.js with the publishable key and the client secret.
 */

interface Checked {
  what: string;
  problems: string[];
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
};

/** A publishable key (Stripe.js, with the client secret) sees only the browser fields of a PaymentIntent. */
function isPublishable(request: IncomingMessage, url: URL, body: string): boolean {
  const key =
    /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ??
    url.searchParams.get('key') ??
    new URLSearchParams(body).get('key') ??
    '';
  return key.startsWith('pk_');
}

/** Which schema of Stripe's specification describes the answer to a request. */
function schemaFor(method: string, path: string, status: number, publishable: boolean) {
  if (status >= 400) return 'error' as const;
  if (/^\/v1\/payment_intents(\/[^/]+(\/(confirm|cancel))?)?$/.test(path)) {
    return publishable ? ('payment_intent_publishable' as const) : ('payment_intent' as const);
  }
  if (/^\/v1\/refunds(\/[^/]+)?$/.test(path)) return 'refund' as const;
  throw new Error(`No Stripe schema is mapped for ${method} ${path}: add it to schemaFor`);
}

/**
 * Sits between the callers and the fake, and checks each answer on its way back against the schema
 * Stripe publishes for it (errors included). The fake's own test controls (`/_fake/…`) and its
 * 3-D Secure page (`/3ds/…`, the bank's page, not Stripe's API) pass unchecked.
 */
async function startCheckingProxy(target: () => string, checked: Checked[]) {
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://proxy');
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
        ),
      );
      const method = request.method ?? 'GET';
      const answer = await fetch(`${target()}${url.pathname}${url.search}`, {
        method,
        headers,
        body: method === 'GET' || method === 'OPTIONS' ? undefined : body,
      });
      const text = await answer.text();
      if (method !== 'OPTIONS' && !/^\/(_fake|3ds)\//.test(url.pathname)) {
        const publishable = isPublishable(request, url, body);
        const schema = schemaFor(method, url.pathname, answer.status, publishable);
        const json = JSON.parse(text) as { error?: { payment_intent?: unknown } };
        const problems = stripeSchemaErrors(schema, json);
        // An error answered to the page carries the PaymentIntent as the page may see it.
        if (publishable && json.error?.payment_intent !== undefined) {
          problems.push(
            ...stripeSchemaErrors('payment_intent_publishable', json.error.payment_intent).map(
              (each) => `error.payment_intent${each}`,
            ),
          );
        }
        checked.push({ what: `${method} ${url.pathname} → ${answer.status} as ${schema}`, problems });
      }
      const passed = Object.fromEntries(
        [...answer.headers].filter(
          ([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name),
        ),
      );
      response.writeHead(answer.status, passed).end(text);
    })().catch((error: Error) => response.writeHead(599).end(error.message));
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

/** The portal's webhook endpoint, as far as this test needs: verifies the signature, checks the event. */
async function startWebhookReceiver(secret: () => string, checked: Checked[]) {
  const received: Stripe.Event[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((payload) => {
      const event = Stripe.webhooks.constructEvent(
        payload,
        String(request.headers['stripe-signature']),
        secret(),
      );
      const object = event.data.object as { object?: string };
      const schema = (['payment_intent', 'refund', 'charge'] as const).find((name) => name === object.object);
      checked.push({
        what: `webhook ${event.type} (data.object: ${object.object ?? 'none'})`,
        problems: [
          ...stripeSchemaErrors('event', JSON.parse(payload)),
          ...(schema
            ? stripeSchemaErrors(schema, object).map((each) => `data.object${each}`)
            : [`no Stripe schema is mapped for a data.object of ${object.object}`]),
        ],
      });
      received.push(event);
      response.writeHead(200).end();
    });
  });
  const url = await listen(server);
  return { url: `${url}/api/stripe/webhook`, received, close: () => closeServer(server) };
}

describe(`the fake Stripe API against Stripe's OpenAPI schemas (${stripeSchemaSource.apiVersion})`, () => {
  const checked: Checked[] = [];
  let fake: FakeStripe;
  let proxy: Awaited<ReturnType<typeof startCheckingProxy>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let stripe: Stripe;

  /** The SDK pointed at the proxy as commerce points it at STRIPE_API_URL; no retries: one call, one answer. */
  const sdk = (key = 'sk_test_x') => {
    const { hostname, port } = new URL(proxy.url);
    return new Stripe(key, { host: hostname, port, protocol: 'http', maxNetworkRetries: 0 });
  };
  /**
   * Commerce's PaymentIntent (payment-intents.service.ts): the order total, the order, user and attempt
   * in the metadata, any payment method, the attempt's idempotency key.
   */
  const createForOrder = (
    orderId: string,
    options: Stripe.RequestOptions = { idempotencyKey: `order-${orderId}-attempt-1` },
  ) =>
    stripe.paymentIntents.create(
      {
        amount: 4990,
        currency: 'usd',
        metadata: { orderId, userId: 'user-1', attempt: '1' },
        automatic_payment_methods: { enabled: true },
      },
      options,
    );
  /** Stripe.js from the checkout page: publishable key and client secret, the Payment Element's card. */
  const confirmFromPage = (intent: Stripe.PaymentIntent, card: string) =>
    fetch(`${proxy.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_x',
        client_secret: intent.client_secret!,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        return_url: 'http://localhost:8080/checkout/complete',
      }),
    });
  const retrieveFromPage = (intent: Stripe.PaymentIntent) =>
    fetch(`${proxy.url}/v1/payment_intents/${intent.id}?client_secret=${intent.client_secret!}`, {
      headers: { authorization: 'Bearer pk_test_x' },
    });
  const rejection = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('expected Stripe to refuse the call');
      },
      (error: unknown) => {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        return error;
      },
    );
  /** The events about a PaymentIntent (or its charge and refunds), in the order they came. */
  const eventTypes = async (intent: Stripe.PaymentIntent) => {
    await fake.settled();
    return receiver.received
      .filter((event) => {
        const object = event.data.object as { id?: string; payment_intent?: string | null };
        return object.id === intent.id || object.payment_intent === intent.id;
      })
      .map((event) => event.type)
      .filter((type) => type !== 'payment_intent.created');
  };
  /** A form POST with the secret key through the proxy, as the SDK would send it. */
  const postWithSecretKey = (path: string, form: Record<string, string>, idempotencyKey?: string) =>
    fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_x',
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams(form),
    });
  const commerceForm = (orderId: string) => ({
    amount: '4990',
    currency: 'usd',
    'metadata[orderId]': orderId,
    'metadata[userId]': 'user-1',
    'metadata[attempt]': '1',
    'automatic_payment_methods[enabled]': 'true',
  });
  /** The bank's 3-D Secure page the redirect leads to: the customer passes or fails the challenge. */
  const authenticate = async (
    intent: Stripe.PaymentIntent,
    redirectUrl: string,
    outcome: 'complete' | 'fail',
  ) => {
    expect((await fetch(redirectUrl)).status).toBe(200);
    const answer = await fetch(`${fake.url}/3ds/${intent.id}/${outcome}`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: intent.client_secret! }),
      redirect: 'manual',
    });
    return new URL(answer.headers.get('location')!);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => fake.webhookSecret, checked);
    fake = await startFakeStripe({ webhookUrl: receiver.url });
    proxy = await startCheckingProxy(() => fake.url, checked);
    stripe = sdk();
  });
  afterAll(async () => {
    await proxy.close();
    await fake.close();
    await receiver.close();
  });
  beforeEach(() => {
    checked.length = 0;
  });
  afterEach(async () => {
    await fake.settled();
    // Every answer and event of the test conforms, and the test did reach the fake.
    expect(checked.filter((each) => each.problems.length > 0)).toEqual([]);
    expect(checked.length).toBeGreaterThan(0);
  });

  it('creates with commerce’s parameters and idempotency key, replays, retrieves and updates metadata', async () => {
    const intent = await createForOrder('order-create');
    expect(intent.status).toBe('requires_payment_method');
    expect((await createForOrder('order-create')).id).toBe(intent.id);
    await stripe.paymentIntents.retrieve(intent.id);
    // A deleted account: the user id leaves the metadata (payment-intents.service.ts removeUserFrom).
    const updated = await stripe.paymentIntents.update(intent.id, { metadata: { userId: '' } });
    expect(updated.metadata).toEqual({ orderId: 'order-create', attempt: '1' });
    expect(checked.map((each) => each.what).filter((what) => !what.startsWith('webhook'))).toEqual([
      'POST /v1/payment_intents → 200 as payment_intent',
      'POST /v1/payment_intents → 200 as payment_intent',
      `GET /v1/payment_intents/${intent.id} → 200 as payment_intent`,
      `POST /v1/payment_intents/${intent.id} → 200 as payment_intent`,
    ]);
  });

  it('shows the page only the browser fields, and confirms a paid card with payment_intent.succeeded', async () => {
    const intent = await createForOrder('order-paid');
    expect((await retrieveFromPage(intent)).status).toBe(200);
    const confirmed = await confirmFromPage(intent, '4242424242424242');
    expect(await confirmed.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(await eventTypes(intent)).toEqual(['payment_intent.succeeded']);
    // The secret key may expand the charge: checked against Stripe's charge schema.
    await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
  });

  it('confirms with a test PaymentMethod through the SDK', async () => {
    const intent = await createForOrder('order-sdk-confirm');
    const confirmed = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
      return_url: 'http://localhost:8080/checkout/complete',
    });
    expect(confirmed.status).toBe('succeeded');
    expect(await eventTypes(intent)).toEqual(['payment_intent.succeeded']);
  });

  it('declines the 0002 and 9995 cards with a card_error and payment_intent.payment_failed, then takes another card', async () => {
    const intent = await createForOrder('order-declined');
    const declined = await confirmFromPage(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: Stripe.StripeRawError }).error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const poor = await confirmFromPage(intent, '4000000000009995');
    expect(((await poor.json()) as { error: Stripe.StripeRawError }).error).toMatchObject({
      decline_code: 'insufficient_funds',
    });
    expect((await confirmFromPage(intent, '4242424242424242')).status).toBe(200);
    expect(await eventTypes(intent)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('asks for 3-D Secure with the 3155 card and succeeds once the customer authenticates', async () => {
    const intent = await createForOrder('order-3ds');
    const answer = (await (await confirmFromPage(intent, '4000002500003155')).json()) as Stripe.PaymentIntent;
    expect(answer).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const back = await authenticate(intent, answer.next_action!.redirect_to_url!.url!, 'complete');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const after = (await (await retrieveFromPage(intent)).json()) as Stripe.PaymentIntent;
    expect(after.status).toBe('succeeded');
    expect(await eventTypes(intent)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
  });

  it('fails a 3220 card whose authentication fails, and asks the SDK’s caller for use_stripe_sdk without a return URL', async () => {
    const intent = await createForOrder('order-3ds-failed');
    const answer = (await (await confirmFromPage(intent, '4000000000003220')).json()) as Stripe.PaymentIntent;
    await authenticate(intent, answer.next_action!.redirect_to_url!.url!, 'fail');
    const after = (await (await retrieveFromPage(intent)).json()) as Stripe.PaymentIntent;
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await eventTypes(intent)).toEqual([
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
    ]);

    const sdkIntent = await createForOrder('order-3ds-sdk');
    const pending = await stripe.paymentIntents.confirm(sdkIntent.id, {
      payment_method: 'pm_card_threeDSecure2Required',
    });
    expect(pending.next_action?.type).toBe('use_stripe_sdk');
  });

  it('keeps the fake’s processing card processing until settled, either way', async () => {
    const paid = await createForOrder('order-processing');
    const answer = (await (await confirmFromPage(paid, '4000000000007726')).json()) as Stripe.PaymentIntent;
    expect(answer.status).toBe('processing');
    await stripe.paymentIntents.retrieve(paid.id);
    expect(
      (
        await fetch(`${proxy.url}/_fake/payment_intents/${paid.id}/settle`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ outcome: 'succeeded' }),
        })
      ).status,
    ).toBe(200);
    expect(await eventTypes(paid)).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);

    const failed = await createForOrder('order-processing-failed');
    await stripe.paymentIntents.confirm(failed.id, { payment_method: 'pm_card_processing' });
    fake.settle(failed.id, 'failed');
    expect(await eventTypes(failed)).toEqual(['payment_intent.processing', 'payment_intent.payment_failed']);
  });

  it('cancels an unpaid PaymentIntent with payment_intent.canceled, and refuses to confirm or cancel it again', async () => {
    const intent = await createForOrder('order-canceled');
    // As commerce's unpaid-orders sweep does: abandoned; a PaymentIntent past canceling is left as it is.
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    await rejection(stripe.paymentIntents.cancel(intent.id));
    expect((await confirmFromPage(intent, '4242424242424242')).status).toBe(400);
    expect(await eventTypes(intent)).toEqual(['payment_intent.canceled']);
  });

  it('refunds a paid PaymentIntent in parts, with refund.created and charge.refunded, never beyond the charge', async () => {
    const intent = await createForOrder('order-refunded');
    await confirmFromPage(intent, '4242424242424242');
    const part = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 1000, reason: 'requested_by_customer' },
      { idempotencyKey: `refund-${intent.id}-1` },
    );
    expect(part).toMatchObject({ amount: 1000, status: 'succeeded', payment_intent: intent.id });
    await stripe.refunds.retrieve(part.id, { expand: ['charge', 'payment_intent'] });
    await stripe.refunds.create({ payment_intent: intent.id });
    await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    await rejection(stripe.refunds.create({ payment_intent: 'pi_unknown' }));
    expect(await eventTypes(intent)).toEqual([
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
  });

  it('sends refund.updated, charge.refund.updated and refund.failed as Stripe publishes them when a refund fails later', async () => {
    const intent = await createForOrder('order-refund-fails');
    await confirmFromPage(intent, '4000000000005126');
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    fake.settleRefund(refund.id, 'failed');
    await stripe.refunds.retrieve(refund.id);
    expect(await eventTypes(intent)).toEqual([
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.updated',
      'charge.refund.updated',
      'refund.failed',
    ]);
  });

  it('replays the first answer to a key, errors included, and answers 409 to a key in flight', async () => {
    fake.failNext();
    const failed = await postWithSecretKey(
      '/v1/payment_intents',
      commerceForm('order-replayed'),
      'order-replayed-1',
    );
    expect(failed.status).toBe(500);
    const replayed = await postWithSecretKey(
      '/v1/payment_intents',
      commerceForm('order-replayed'),
      'order-replayed-1',
    );
    expect(replayed.status).toBe(500);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    fake.latencyMs = 300;
    try {
      const both = await Promise.all([
        postWithSecretKey('/v1/payment_intents', commerceForm('order-twice'), 'order-twice-1'),
        postWithSecretKey('/v1/payment_intents', commerceForm('order-twice'), 'order-twice-1'),
      ]);
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    } finally {
      fake.latencyMs = 0;
    }
  });

  it('refuses unknown parameters, unknown currencies and amounts under the currency’s minimum', async () => {
    const unknown = await postWithSecretKey('/v1/payment_intents', {
      ...commerceForm('order-x'),
      order_id: 'x',
    });
    expect(((await unknown.json()) as { error: Stripe.StripeRawError }).error.code).toBe('parameter_unknown');
    expect(
      (await postWithSecretKey('/v1/payment_intents', { ...commerceForm('order-x'), currency: 'xyz' }))
        .status,
    ).toBe(400);
    const small = await postWithSecretKey('/v1/payment_intents', {
      ...commerceForm('order-x'),
      amount: '10',
    });
    expect(((await small.json()) as { error: Stripe.StripeRawError }).error.code).toBe('amount_too_small');
    expect((await postWithSecretKey('/v1/payment_intents', { currency: 'usd' })).status).toBe(400);
  });

  it('sends held events reversed and twice, each still Stripe’s event', async () => {
    fake.webhooks.hold();
    const intent = await createForOrder('order-held');
    await confirmFromPage(intent, '4242424242424242');
    await fake.webhooks.release({ order: 'reverse', duplicate: true });
    expect(await eventTypes(intent)).toEqual(['payment_intent.succeeded', 'payment_intent.succeeded']);
  });

  it('answers Stripe errors in Stripe’s error shape', async () => {
    const intent = await createForOrder('order-errors');
    await rejection(sdk('sk_live_unknown').paymentIntents.retrieve(intent.id));
    await rejection(sdk('pk_test_x').paymentIntents.create({ amount: 4990, currency: 'usd' }));
    await rejection(stripe.paymentIntents.retrieve('pi_unknown'));
    await rejection(
      stripe.paymentIntents.create(
        { amount: 4991, currency: 'usd' },
        { idempotencyKey: 'order-order-errors-attempt-1' },
      ),
    );
    await rejection(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
    fake.failNext();
    await rejection(createForOrder('order-outage'));
    expect((await confirmFromPage(intent, '4242424242424242')).status).toBe(200);
    // A paid PaymentIntent cannot be confirmed again.
    expect((await confirmFromPage(intent, '4242424242424242')).status).toBe(400);
    expect(
      (await fetch(`${proxy.url}/v1/charges`, { headers: { authorization: 'Bearer sk_test_x' } })).status,
    ).toBe(404);
    expect(checked.filter((each) => each.what.endsWith('as error'))).toHaveLength(8);
  });
});

describe('the check against Stripe’s schemas', () => {
  const paymentIntent = {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 4990,
    client_secret: 'pi_1_secret_2',
    created: 1_780_000_000,
    currency: 'usd',
    last_payment_error: null,
    livemode: false,
    metadata: { orderId: 'order-1' },
    status: 'requires_payment_method',
  };

  it('accepts what Stripe declares, with null only where Stripe allows it', () => {
    expect(stripeSchemaErrors('payment_intent', paymentIntent)).toEqual([]);
    expect(stripeSchemaErrors('payment_intent', { ...paymentIntent, amount: null })).toEqual([
      '/amount must be integer',
    ]);
  });

  it('refuses a field Stripe does not declare, a missing required one, and a value outside its enum', () => {
    expect(stripeSchemaErrors('payment_intent', { ...paymentIntent, order_id: 'order-1' })).toEqual([
      "(the object) must NOT have additional properties 'order_id'",
    ]);
    const { status: _status, ...withoutStatus } = paymentIntent;
    expect(stripeSchemaErrors('payment_intent', withoutStatus)).toEqual([
      "(the object) must have required property 'status'",
    ]);
    expect(
      stripeSchemaErrors('error', { error: { type: 'rate_limit_error', message: 'Slow down' } }),
    ).toEqual(['/error/type must be equal to one of the allowed values']);
    expect(stripeSchemaErrors('payment_intent', { ...paymentIntent, currency: 'USD' })).toEqual([
      '/currency must match format "currency"',
    ]);
  });

  it('shows a publishable key only the browser fields', () => {
    const { metadata: _metadata, ...browserView } = paymentIntent;
    expect(stripeSchemaErrors('payment_intent_publishable', browserView)).toEqual([]);
    expect(stripeSchemaErrors('payment_intent_publishable', paymentIntent)).toEqual([
      "(the object) must NOT have additional properties 'metadata'",
    ]);
  });
});
