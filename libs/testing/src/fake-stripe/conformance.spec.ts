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

/** Which schema of Stripe's specification describes the answer to a request. */
function schemaFor(method: string, path: string, status: number) {
  if (status >= 400) return 'error' as const;
  if (/^\/v1\/payment_intents(\/[^/]+(\/(confirm|cancel))?)?$/.test(path)) return 'payment_intent' as const;
  if (/^\/v1\/refunds(\/[^/]+)?$/.test(path)) return 'refund' as const;
  throw new Error(`No Stripe schema is mapped for ${method} ${path}: add it to schemaFor`);
}

/**
 * Sits between the callers and the fake, and checks each answer on its way back against the schema
 * Stripe publishes for it (errors included). The fake's own test controls (`/_fake/…`) pass unchecked.
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
      if (method !== 'OPTIONS' && !url.pathname.startsWith('/_fake/')) {
        const schema = schemaFor(method, url.pathname, answer.status);
        const problems = stripeSchemaErrors(schema, JSON.parse(text));
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
      const schema =
        object.object === 'payment_intent' || object.object === 'refund' ? object.object : undefined;
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
  /** Commerce's PaymentIntent (payment-intents.service.ts): the order total, its ids, any method. */
  const createForOrder = (
    orderId: string,
    options: Stripe.RequestOptions = { idempotencyKey: `order-${orderId}` },
  ) =>
    stripe.paymentIntents.create(
      {
        amount: 4990,
        currency: 'usd',
        metadata: { orderId, userId: 'user-1' },
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
  const eventsFor = async (intent: Stripe.PaymentIntent) => {
    await fake.settled();
    return receiver.received.filter((event) => (event.data.object as { id?: string }).id === intent.id);
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
    const updated = await stripe.paymentIntents.update(
      intent.id,
      { metadata: { userId: '' } },
      { idempotencyKey: `forget-user-${intent.id}` },
    );
    expect(updated.metadata).toEqual({ orderId: 'order-create' });
    expect(checked.map((each) => each.what)).toEqual([
      'POST /v1/payment_intents → 200 as payment_intent',
      'POST /v1/payment_intents → 200 as payment_intent',
      `GET /v1/payment_intents/${intent.id} → 200 as payment_intent`,
      `POST /v1/payment_intents/${intent.id} → 200 as payment_intent`,
    ]);
  });

  it('lets the page read and confirm a paid card, then sends payment_intent.succeeded', async () => {
    const intent = await createForOrder('order-paid');
    expect((await retrieveFromPage(intent)).status).toBe(200);
    const confirmed = await confirmFromPage(intent, '4242424242424242');
    expect(await confirmed.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect((await eventsFor(intent)).map((event) => event.type)).toEqual(['payment_intent.succeeded']);
  });

  it('confirms with a test PaymentMethod through the SDK', async () => {
    const intent = await createForOrder('order-sdk-confirm');
    const confirmed = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
      return_url: 'http://localhost:8080/checkout/complete',
    });
    expect(confirmed.status).toBe('succeeded');
    await eventsFor(intent);
  });

  it('declines the 0002 card with a card_error and payment_intent.payment_failed, then takes another card', async () => {
    const intent = await createForOrder('order-declined');
    const declined = await confirmFromPage(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: Stripe.StripeRawError }).error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect((await confirmFromPage(intent, '4242424242424242')).status).toBe(200);
    expect((await eventsFor(intent)).map((event) => event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('answers Stripe errors in Stripe’s error shape', async () => {
    const intent = await createForOrder('order-errors');
    await rejection(sdk('sk_live_unknown').paymentIntents.retrieve(intent.id));
    await rejection(sdk('pk_test_x').paymentIntents.create({ amount: 4990, currency: 'usd' }));
    await rejection(stripe.paymentIntents.retrieve('pi_unknown'));
    await rejection(
      stripe.paymentIntents.create(
        { amount: 4991, currency: 'usd' },
        { idempotencyKey: 'order-order-errors' },
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
