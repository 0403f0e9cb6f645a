import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

/** A webhook endpoint that verifies each event's signature as a service would. */
async function startWebhookReceiver(secret: () => string) {
  const received: Stripe.Event[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const signature = String(request.headers['stripe-signature']);
        received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), signature, secret(), 300));
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fake Stripe API', () => {
  let fake: FakeStripe;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let stripe: Stripe;

  const sdkFor = (url: string, key = 'sk_test_fake') => {
    const { hostname, port, protocol } = new URL(url);
    return new Stripe(key, {
      host: hostname,
      port,
      protocol: protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 0,
    });
  };
  const createIntent = (idempotencyKey?: string, amount = 149900) =>
    stripe.paymentIntents.create(
      {
        amount,
        currency: 'usd',
        metadata: { orderId: 'order-1' },
        automatic_payment_methods: { enabled: true },
      },
      idempotencyKey ? { idempotencyKey } : undefined,
    );
  /** As Stripe.js confirms from a page: publishable key and client secret in the form. */
  const confirmFromBrowser = (
    intent: Stripe.PaymentIntent,
    card: string,
    clientSecret = intent.client_secret!,
  ) =>
    fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      body: new URLSearchParams({
        key: 'pk_test_fake',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        return_url: 'http://localhost:8080/checkout',
      }),
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => fake.webhookSecret);
    fake = await startFakeStripe({ webhookUrl: receiver.url });
    stripe = sdkFor(fake.url);
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('creates PaymentIntents through the official SDK, with client secret and metadata', async () => {
    const intent = await createIntent();
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      object: 'payment_intent',
      amount: 149900,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      metadata: { orderId: 'order-1' },
      automatic_payment_methods: { enabled: true },
    });
    expect(fake.paymentIntents.get(intent.id)).toEqual(intent);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
  });

  it('updates metadata with the secret key: an empty value removes the key, as Stripe does', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 99900,
      currency: 'usd',
      metadata: { orderId: 'order-2', userId: 'user-2' },
    });
    const updated = await stripe.paymentIntents.update(intent.id, { metadata: { userId: '', note: 'kept' } });
    expect(updated.metadata).toEqual({ orderId: 'order-2', note: 'kept' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).metadata).toEqual(updated.metadata);
    await expect(
      sdkFor(fake.url, 'pk_test_fake').paymentIntents.update(intent.id, { metadata: { userId: 'x' } }),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.paymentIntents.update('pi_unknown', { metadata: {} })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers the same PaymentIntent to the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const first = await createIntent('order-42');
    expect((await createIntent('order-42')).id).toBe(first.id);
    await expect(createIntent('order-42', 100)).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await createIntent('order-43')).id).not.toBe(first.id);
  });

  it('refuses a missing or wrong API key with a 401, and a publishable key on server endpoints', async () => {
    await expect(
      sdkFor(fake.url, 'sk_live_nope').paymentIntents.create({ amount: 100, currency: 'usd' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(
      sdkFor(fake.url, 'pk_test_fake').paymentIntents.create({ amount: 100, currency: 'usd' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const anonymous = await fetch(`${fake.url}/v1/payment_intents`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error' }),
    });
  });

  it('confirms from a browser with the client secret, then sends a signed payment_intent.succeeded', async () => {
    const intent = await createIntent();
    const preflight = await fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'OPTIONS',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    expect((await confirmFromBrowser(intent, '4242424242424242', 'pi_wrong_secret_x')).status).toBe(404);
    const confirmed = await confirmFromBrowser(intent, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
    expect(await confirmed.json()).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amount_received: 149900,
    });

    await fake.settled();
    const event = receiver.received.find(
      (each) => (each.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.id, status: 'succeeded', metadata: { orderId: 'order-1' } } },
    });
    // A second confirmation of a paid intent is refused.
    expect((await confirmFromBrowser(intent, '4242424242424242')).status).toBe(400);
  });

  it('declines the card ending in 0002 with a 402 and sends payment_intent.payment_failed', async () => {
    const intent = await createIntent();
    const declined = await confirmFromBrowser(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      error: expect.objectContaining({
        type: 'card_error',
        code: 'card_declined',
        payment_intent: expect.objectContaining({ id: intent.id, status: 'requires_payment_method' }),
      }),
    });
    await fake.settled();
    const failed = receiver.received.find(
      (each) => (each.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect(failed?.type).toBe('payment_intent.payment_failed');

    // The customer may try again with another card.
    expect((await confirmFromBrowser(intent, '4242424242424242')).status).toBe(200);
  });

  it('fails the next creations on request, as a Stripe outage would', async () => {
    fake.failNext();
    await expect(createIntent()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(createIntent()).resolves.toMatchObject({ status: 'requires_payment_method' });
  });
});
