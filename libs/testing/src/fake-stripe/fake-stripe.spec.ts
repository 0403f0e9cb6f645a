import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { type FakeStripe, PROCESSING_CARD, startFakeStripe } from './fake-stripe';
import { publishablePaymentIntentFields } from './openapi-validator';

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

type ErrorBody = { error: Record<string, unknown> & { type: string; message: string } };

describe('fake Stripe API', () => {
  let fake: FakeStripe;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let stripe: Stripe;

  const sdkFor = (url: string, key = 'sk_test_fake', maxNetworkRetries = 0) => {
    const { hostname, port, protocol } = new URL(url);
    return new Stripe(key, {
      host: hostname,
      port,
      protocol: protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries,
    });
  };
  /** Commerce's call (payment-intents.service.ts). */
  const orderParams = (amount = 149900): Stripe.PaymentIntentCreateParams => ({
    amount,
    currency: 'usd',
    metadata: { orderId: 'order-1', userId: 'user-1' },
    automatic_payment_methods: { enabled: true },
  });
  const createIntent = (idempotencyKey?: string, amount = 149900) =>
    stripe.paymentIntents.create(orderParams(amount), idempotencyKey ? { idempotencyKey } : undefined);
  /** A raw form POST with the secret key, to read status and headers as they are. */
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_fake',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body: new URLSearchParams(form),
    });
  /** orderParams() form-encoded as the SDK sends it, posted raw under `idempotencyKey`. */
  const postIntent = (idempotencyKey: string) =>
    post(
      '/v1/payment_intents',
      {
        amount: '149900',
        currency: 'usd',
        'metadata[orderId]': 'order-1',
        'metadata[userId]': 'user-1',
        'automatic_payment_methods[enabled]': 'true',
      },
      { 'idempotency-key': idempotencyKey },
    );
  const control = (path: string, body: unknown = {}) =>
    fetch(`${fake.url}/_fake/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** As Stripe.js confirms from a page: publishable key and client secret in the form. */
  const confirmFromBrowser = (
    intent: Stripe.PaymentIntent,
    card: string,
    {
      clientSecret = intent.client_secret!,
      returnUrl = 'http://localhost:8080/checkout' as string | null,
    } = {},
  ) =>
    fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      body: new URLSearchParams({
        key: 'pk_test_fake',
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        ...(returnUrl ? { return_url: returnUrl } : {}),
      }),
    });
  const eventsOf = async (intent: { id: string }) => {
    await fake.settled();
    return receiver.received.filter((event) => {
      const object = event.data.object as { id: string; payment_intent?: string };
      return object.id === intent.id || object.payment_intent === intent.id;
    });
  };
  const typesOf = async (intent: { id: string }) => (await eventsOf(intent)).map((event) => event.type);

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => fake.webhookSecret);
    fake = await startFakeStripe({ webhookUrl: receiver.url });
    stripe = sdkFor(fake.url);
  });
  afterEach(() => {
    fake.latencyMs = 0;
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('creates PaymentIntents through the official SDK, with every field Stripe returns', async () => {
    const intent = await createIntent();
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      object: 'payment_intent',
      amount: 149900,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      currency: 'usd',
      customer: null,
      description: null,
      latest_charge: null,
      next_action: null,
      payment_method_types: ['card'],
      processing: null,
      receipt_email: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      status: 'requires_payment_method',
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      metadata: { orderId: 'order-1', userId: 'user-1' },
      automatic_payment_methods: { enabled: true },
    });
    expect(fake.paymentIntents.get(intent.id)).toEqual(intent);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(intent);
    expect(await typesOf(intent)).toEqual(['payment_intent.created']);
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
      code: 'resource_missing',
    });
  });

  describe('idempotency, as Stripe keeps it', () => {
    it('replays the first answer with Idempotent-Replayed, refuses other parameters, and scopes keys per API key', async () => {
      const first = await createIntent('order-42');
      const again = await postIntent('order-42');
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as Stripe.PaymentIntent).id).toBe(first.id);
      expect(fake.paymentIntents.size).toBe([...fake.paymentIntents.keys()].length);

      const other = createIntent('order-42', 100);
      await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      await expect(other).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
      // Another account (another secret key) has keys of its own.
      const elsewhere = await sdkFor(fake.url, 'sk_test_other').paymentIntents.create(orderParams(), {
        idempotencyKey: 'order-42',
      });
      expect(elsewhere.id).not.toBe(first.id);
      // Stripe prunes a key once it is 24 hours old: then it is a new request.
      const dayLater = Date.now() + 24 * 60 * 60 * 1000;
      const clock = jest.spyOn(Date, 'now').mockReturnValue(dayLater);
      try {
        expect((await createIntent('order-42', 100)).amount).toBe(100);
      } finally {
        clock.mockRestore();
      }
    });

    it('replays a 500 to every retry of its key, tells the SDK not to retry it, and a new key gets through', async () => {
      fake.failNext();
      const before = fake.createRequests;
      const retrying = sdkFor(fake.url, 'sk_test_fake', 2);
      await expect(
        retrying.paymentIntents.create(orderParams(), { idempotencyKey: 'attempt-1' }),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
      // Stripe-Should-Retry: false, and the SDK obeys it: one request only.
      expect(fake.createRequests - before).toBe(1);

      const replayed = await postIntent('attempt-1');
      expect(replayed.status).toBe(500);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.headers.get('stripe-should-retry')).toBe('false');
      expect(((await replayed.json()) as ErrorBody).error.type).toBe('api_error');
      await expect(createIntent('attempt-1')).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
      await expect(createIntent('attempt-2')).resolves.toMatchObject({ status: 'requires_payment_method' });
    });

    it('answers 409 idempotency_key_in_use while the first request of a key still runs', async () => {
      fake.latencyMs = 300;
      const [first, second] = await Promise.allSettled([
        createIntent('order-concurrent'),
        new Promise((resolve) => setTimeout(resolve, 50)).then(() => createIntent('order-concurrent')),
      ]);
      expect(first).toMatchObject({ status: 'fulfilled' });
      expect(second).toMatchObject({
        status: 'rejected',
        reason: {
          // The SDK classes a 409 as StripeAPIError; Stripe's type stays in rawType.
          statusCode: 409,
          rawType: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: expect.stringContaining(
            'There is currently another in-progress request using this Idempotent Key',
          ),
        },
      });
      // Once it is done, the key replays its answer.
      fake.latencyMs = 0;
      const id = (first as PromiseFulfilledResult<Stripe.PaymentIntent>).value.id;
      expect((await createIntent('order-concurrent')).id).toBe(id);

      // The SDK retries a 409 (commerce allows one retry): the retry gets the first request's answer.
      fake.latencyMs = 300;
      const retrying = sdkFor(fake.url, 'sk_test_fake', 1);
      const create = () => retrying.paymentIntents.create(orderParams(), { idempotencyKey: 'order-retried' });
      const [mine, theirs] = await Promise.all([
        create(),
        new Promise((resolve) => setTimeout(resolve, 50)).then(create),
      ]);
      expect(theirs.id).toBe(mine.id);
    });

    it('saves nothing for a request refused before it ran (unknown parameter): the key stays free', async () => {
      const refused = await post(
        '/v1/payment_intents',
        { amount: '5000', currency: 'usd', order: 'x' },
        {
          'idempotency-key': 'validation-first',
        },
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('parameter_unknown');
      await expect(createIntent('validation-first')).resolves.toMatchObject({ object: 'payment_intent' });
    });

    it('replays confirm, cancel and refund answers too', async () => {
      const intent = await createIntent();
      const confirm = () =>
        post(
          `/v1/payment_intents/${intent.id}/confirm`,
          { payment_method: 'pm_card_visa' },
          { 'idempotency-key': `confirm-${intent.id}` },
        );
      expect((await confirm()).status).toBe(200);
      const again = await confirm();
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const refund = () =>
        post('/v1/refunds', { payment_intent: intent.id }, { 'idempotency-key': `refund-${intent.id}` });
      const refunded = (await (await refund()).json()) as Stripe.Refund;
      expect(((await (await refund()).json()) as Stripe.Refund).id).toBe(refunded.id);
      expect(fake.refunds.size).toBeGreaterThan(0);
      expect([...fake.refunds.values()].filter((each) => each.payment_intent === intent.id)).toHaveLength(1);
    });
  });

  describe("errors in Stripe's shape", () => {
    const expectError = async (response: Response, status: number, error: Record<string, unknown>) => {
      expect(response.status).toBe(status);
      expect(((await response.json()) as ErrorBody).error).toEqual({
        type: 'invalid_request_error',
        request_log_url: expect.stringMatching(/^https:\/\/dashboard\.stripe\.com\/test\/logs\/req_/),
        ...error,
      });
    };

    it('refuses missing and unknown parameters, nested ones included', async () => {
      await expectError(await post('/v1/payment_intents', { currency: 'usd' }), 400, {
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
      });
      await expectError(
        await post('/v1/payment_intents', { amount: '5000', currency: 'usd', order_id: '1' }),
        400,
        {
          code: 'parameter_unknown',
          param: 'order_id',
          message: 'Received unknown parameter: order_id',
          doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
        },
      );
      await expectError(
        await post('/v1/payment_intents', {
          amount: '5000',
          currency: 'usd',
          'automatic_payment_methods[enable]': 'true',
        }),
        400,
        {
          code: 'parameter_unknown',
          param: 'automatic_payment_methods[enable]',
          message: 'Received unknown parameter: automatic_payment_methods[enable]',
          doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
        },
      );
      // What commerce, the SDK and Stripe.js send is accepted, `expand` included.
      const expanded = await stripe.paymentIntents.create({ ...orderParams(), expand: ['latest_charge'] });
      await expect(
        stripe.paymentIntents.cancel(expanded.id, {
          cancellation_reason: 'abandoned',
          expand: ['latest_charge'],
        }),
      ).resolves.toMatchObject({ status: 'canceled' });
    });

    it('refuses amounts under the currency minimum or over eight digits, and currencies Stripe does not know', async () => {
      await expect(stripe.paymentIntents.create({ amount: 49, currency: 'usd' })).rejects.toMatchObject({
        statusCode: 400,
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
      await expect(stripe.paymentIntents.create({ amount: 29, currency: 'gbp' })).rejects.toMatchObject({
        code: 'amount_too_small',
        message: 'Amount must be at least £0.30 gbp',
      });
      await expect(stripe.paymentIntents.create({ amount: 30, currency: 'gbp' })).resolves.toMatchObject({
        currency: 'gbp',
      });
      await expect(
        stripe.paymentIntents.create({ amount: 100_000_000, currency: 'usd' }),
      ).rejects.toMatchObject({
        code: 'amount_too_large',
        message: 'Amount must be no more than $999,999.99',
      });
      await expect(stripe.paymentIntents.create({ amount: 5000, currency: 'xyz' })).rejects.toMatchObject({
        statusCode: 400,
        param: 'currency',
        message: expect.stringMatching(
          /^Invalid currency: xyz\. Stripe currently supports these currencies: usd, /,
        ),
      });
    });

    it('answers resource_missing for an unknown PaymentIntent or refund', async () => {
      await expectError(
        await fetch(`${fake.url}/v1/payment_intents/pi_nope`, {
          headers: { authorization: 'Bearer sk_test_fake' },
        }),
        404,
        {
          code: 'resource_missing',
          param: 'intent',
          message: "No such payment_intent: 'pi_nope'",
          doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        },
      );
      await expect(stripe.refunds.retrieve('re_nope')).rejects.toMatchObject({ code: 'resource_missing' });
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
  });

  describe('confirming with test cards', () => {
    it('confirms from a browser with the client secret, then sends a signed payment_intent.succeeded', async () => {
      const intent = await createIntent();
      const preflight = await fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'OPTIONS',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

      const wrong = await confirmFromBrowser(intent, '4242424242424242', {
        clientSecret: 'pi_wrong_secret_x',
      });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as ErrorBody).error.param).toBe('client_secret');
      const confirmed = await confirmFromBrowser(intent, '4242 4242 4242 4242');
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
      expect(await confirmed.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
      expect(fake.paymentIntents.get(intent.id)).toMatchObject({
        amount_received: 149900,
        latest_charge: expect.stringMatching(/^ch_/),
      });

      const events = await eventsOf(intent);
      expect(events.map((event) => event.type)).toEqual([
        'payment_intent.created',
        'payment_intent.succeeded',
      ]);
      expect(events[1]).toMatchObject({
        id: expect.stringMatching(/^evt_/),
        object: 'event',
        pending_webhooks: 1,
        data: { object: { id: intent.id, status: 'succeeded', metadata: { orderId: 'order-1' } } },
      });
      // A second confirmation of a paid intent is refused.
      const twice = await confirmFromBrowser(intent, '4242424242424242');
      expect(twice.status).toBe(400);
      expect(((await twice.json()) as ErrorBody).error.code).toBe('payment_intent_unexpected_state');
    });

    it('waits in requires_confirmation when created with a payment method, and expands the charge on request', async () => {
      const intent = await stripe.paymentIntents.create({ ...orderParams(), payment_method: 'pm_card_visa' });
      expect(intent).toMatchObject({ status: 'requires_confirmation', payment_method: 'pm_card_visa' });
      const paid = await stripe.paymentIntents.confirm(intent.id);
      expect(paid.status).toBe('succeeded');
      const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
      expect(expanded.latest_charge).toMatchObject({
        object: 'charge',
        id: paid.latest_charge,
        amount: 149900,
        status: 'succeeded',
        payment_intent: intent.id,
      });
      await expect(
        stripe.paymentIntents.retrieve(intent.id, { expand: ['customer.sources'] }),
      ).rejects.toMatchObject({
        param: 'expand',
      });
    });

    it('declines …0002 (generic_decline) and …9995 (insufficient_funds) with a 402, and sends payment_intent.payment_failed', async () => {
      const intent = await createIntent();
      const declined = await confirmFromBrowser(intent, '4000000000000002');
      expect(declined.status).toBe(402);
      expect(((await declined.json()) as ErrorBody).error).toMatchObject({
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        charge: expect.stringMatching(/^ch_/),
        payment_intent: expect.objectContaining({ id: intent.id, status: 'requires_payment_method' }),
      });
      const poor = await confirmFromBrowser(intent, '4000 0000 0000 9995');
      expect(((await poor.json()) as ErrorBody).error).toMatchObject({
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      });
      // The customer may try again with another card.
      expect((await confirmFromBrowser(intent, '4242424242424242')).status).toBe(200);
      expect(await typesOf(intent)).toEqual([
        'payment_intent.created',
        'payment_intent.payment_failed',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
      ]);
    });

    it('asks for 3-D Secure with …3155: redirect_to_url, the test page, then back to return_url as succeeded', async () => {
      const intent = await createIntent();
      const answer = await confirmFromBrowser(intent, '4000002500003155', {
        returnUrl: 'http://localhost:8080/checkout/complete?from=test',
      });
      const pending = (await answer.json()) as Stripe.PaymentIntent;
      expect(pending).toMatchObject({
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: {
            url: expect.stringContaining(`${fake.url}/3ds/${intent.id}?`),
            return_url: 'http://localhost:8080/checkout/complete?from=test',
          },
        },
      });
      const page = await fetch(pending.next_action!.redirect_to_url!.url!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<title>3D Secure 2 Test Page</title>');
      expect(html).toContain('>Complete authentication</button>');
      expect(html).toContain('>Fail authentication</button>');

      const done = await fetch(`${fake.url}/3ds/${intent.id}/complete`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: intent.client_secret! }),
      });
      expect(done.status).toBe(303);
      const back = new URL(done.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8080/checkout/complete');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        from: 'test',
        payment_intent: intent.id,
        payment_intent_client_secret: intent.client_secret,
        redirect_status: 'succeeded',
      });
      expect(fake.paymentIntents.get(intent.id)).toMatchObject({ status: 'succeeded', next_action: null });
      expect(await typesOf(intent)).toEqual([
        'payment_intent.created',
        'payment_intent.requires_action',
        'payment_intent.succeeded',
      ]);
      // Used once: the page no longer offers anything.
      expect((await fetch(pending.next_action!.redirect_to_url!.url!)).status).toBe(409);
    });

    it('fails authentication with …3220: requires_payment_method with payment_intent_authentication_failure, redirect_status failed', async () => {
      const intent = await createIntent();
      const pending = (await (
        await confirmFromBrowser(intent, '4000000000003220', { returnUrl: null })
      ).json()) as Stripe.PaymentIntent;
      // Without a return_url, Stripe.js handles the action itself.
      expect(pending.next_action?.type).toBe('use_stripe_sdk');

      const withReturn = (await (
        await confirmFromBrowser(intent, '4000000000003220')
      ).json()) as Stripe.PaymentIntent;
      expect(withReturn.next_action?.type).toBe('redirect_to_url');
      const failed = await fetch(`${fake.url}/3ds/${intent.id}/fail`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: intent.client_secret! }),
      });
      expect(failed.status).toBe(303);
      expect(new URL(failed.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
      expect(fake.paymentIntents.get(intent.id)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        },
      });
      expect((await typesOf(intent)).slice(-1)).toEqual(['payment_intent.payment_failed']);
    });

    it('escapes what the 3-D Secure page shows, and shows nothing without the client secret', async () => {
      const intent = await createIntent();
      await confirmFromBrowser(intent, '4000002500003155');
      const injected = '"><script>alert(1)</script>';
      const refused = await fetch(
        `${fake.url}/3ds/${intent.id}?payment_intent_client_secret=${encodeURIComponent(injected)}`,
      );
      expect(refused.status).toBe(404);
      const html = await refused.text();
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('Complete authentication');
      expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('keeps the fake’s processing card processing until it is settled, over HTTP', async () => {
      const intent = await createIntent();
      const answer = (await (
        await confirmFromBrowser(intent, PROCESSING_CARD)
      ).json()) as Stripe.PaymentIntent;
      expect(answer).toMatchObject({ status: 'processing', processing: { type: 'card' } });
      const settled = await control(`payment_intents/${intent.id}/settle`, { outcome: 'succeeded' });
      expect(settled.status).toBe(200);
      expect(await settled.json()).toMatchObject({ status: 'succeeded', processing: null });

      const failing = await createIntent();
      await stripe.paymentIntents.confirm(failing.id, { payment_method: 'pm_card_processing' });
      expect(fake.settle(failing.id, 'failed')).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined' },
      });
      expect((await control(`payment_intents/${failing.id}/settle`, { outcome: 'failed' })).status).toBe(409);
      expect(await typesOf(intent)).toEqual([
        'payment_intent.created',
        'payment_intent.processing',
        'payment_intent.succeeded',
      ]);
      expect((await typesOf(failing)).slice(-1)).toEqual(['payment_intent.payment_failed']);
    });
  });

  it('cancels with a cancellation_reason only from the states Stripe allows, and sends payment_intent.canceled', async () => {
    const intent = await createIntent();
    const canceled = await stripe.paymentIntents.cancel(intent.id, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
      canceled_at: expect.any(Number),
    });
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
    });
    expect((await confirmFromBrowser(intent, '4242424242424242')).status).toBe(400);
    await expect(
      stripe.paymentIntents.cancel((await createIntent()).id, {
        cancellation_reason: 'bored' as Stripe.PaymentIntentCancelParams.CancellationReason,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'cancellation_reason' });

    const paid = await createIntent();
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('because it has a status of succeeded'),
    });
    expect(await typesOf(intent)).toEqual(['payment_intent.created', 'payment_intent.canceled']);
  });

  it('refunds a succeeded PaymentIntent in parts, never over what is left, with refund.created and charge.refunded', async () => {
    const intent = await createIntent(undefined, 10_000);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
    });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const part = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 4_000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      amount: 4_000,
      currency: 'usd',
      payment_intent: intent.id,
      charge: expect.stringMatching(/^ch_/),
      reason: 'requested_by_customer',
      status: 'succeeded',
    });
    expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 6_001 })).rejects.toMatchObject({
      param: 'amount',
      message: 'Refund amount ($60.01) is greater than unrefunded amount on charge ($60.00)',
    });
    expect(await stripe.refunds.create({ payment_intent: intent.id })).toMatchObject({ amount: 6_000 });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(fake.charges.get(part.charge as string)).toMatchObject({
      amount_refunded: 10_000,
      refunded: true,
    });
    const events = await eventsOf(intent);
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    // Each event carries the charge as it stood then.
    expect(events[3].data.object).toMatchObject({ amount_refunded: 4_000, refunded: false });
  });

  it('plays Stripe’s refund test cards: pm_card_pendingRefund pending then succeeded, the failure card succeeded then failed', async () => {
    const pending = await createIntent(undefined, 5_000);
    await stripe.paymentIntents.confirm(pending.id, { payment_method: 'pm_card_pendingRefund' });
    const waiting = await stripe.refunds.create({ payment_intent: pending.id, amount: 2_000 });
    expect(waiting).toMatchObject({ status: 'pending', amount: 2_000 });
    expect(fake.charges.get(waiting.charge as string)).toMatchObject({ amount_refunded: 2_000 });
    expect(fake.settleRefund(waiting.id, 'succeeded')).toMatchObject({ status: 'succeeded' });
    expect(await stripe.refunds.retrieve(waiting.id)).toMatchObject({ status: 'succeeded' });
    expect(() => fake.settleRefund(waiting.id, 'failed')).toThrow(/status is succeeded/);
    expect(await typesOf(pending)).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.updated',
      'charge.refund.updated',
    ]);

    const failing = await createIntent(undefined, 5_000);
    const page = await confirmFromBrowser(failing, '4000000000005126');
    expect(page.status).toBe(200);
    const doomed = await stripe.refunds.create({ payment_intent: failing.id });
    expect(doomed).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(fake.charges.get(doomed.charge as string)).toMatchObject({
      amount_refunded: 5_000,
      refunded: true,
    });
    // The control route, as the Playwright stack drives it.
    const settled = await fetch(`${fake.url}/_fake/refunds/${doomed.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'failed' }),
    });
    expect(settled.status).toBe(200);
    expect(await stripe.refunds.retrieve(doomed.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      failure_balance_transaction: expect.stringMatching(/^txn_/),
    });
    // The money is back on the balance: the charge may be refunded again.
    expect(fake.charges.get(doomed.charge as string)).toMatchObject({ amount_refunded: 0, refunded: false });
    const events = await eventsOf(failing);
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.updated',
      'charge.refund.updated',
      'refund.failed',
    ]);
    expect(events[6].data.object).toMatchObject({ object: 'refund', id: doomed.id, status: 'failed' });
    expect(
      (
        await fetch(`${fake.url}/_fake/refunds/${doomed.id}/settle`, {
          method: 'POST',
          body: '{"outcome":"failed"}',
        })
      ).status,
    ).toBe(409);
  });

  it('settles asynchronous refunds by itself after asyncRefundDelayMs', async () => {
    const timed = await startFakeStripe({ asyncRefundDelayMs: 20 });
    try {
      const sdk = sdkFor(timed.url);
      const intent = await sdk.paymentIntents.create(orderParams(3_000));
      await sdk.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_refundFail' });
      const refund = await sdk.refunds.create({ payment_intent: intent.id });
      expect(refund.status).toBe('succeeded');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await sdk.refunds.retrieve(refund.id)).status).toBe('failed');
    } finally {
      await timed.close();
    }
  });

  it('answers 500 api_error to the next refund creations when told, and replays it to the same key', async () => {
    const intent = await createIntent(undefined, 5_000);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    fake.failNextRefunds();
    const refund = () =>
      post('/v1/refunds', { payment_intent: intent.id }, { 'idempotency-key': `refund-fails-${intent.id}` });
    const failed = await refund();
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as ErrorBody).error.type).toBe('api_error');
    expect((await refund()).headers.get('idempotent-replayed')).toBe('true');
    expect(await stripe.refunds.create({ payment_intent: intent.id })).toMatchObject({ status: 'succeeded' });
  });

  it('shows a publishable key only the browser’s fields of a PaymentIntent, never its metadata', async () => {
    const intent = await createIntent();
    const read = await fetch(
      `${fake.url}/v1/payment_intents/${intent.id}?client_secret=${intent.client_secret}`,
      {
        headers: { authorization: 'Bearer pk_test_fake' },
      },
    );
    expect(read.status).toBe(200);
    const view = (await read.json()) as Record<string, unknown>;
    // Stripe's list as the docs give it (the conformance test's), not the fake's own copy.
    expect(Object.keys(view).sort()).toEqual([...publishablePaymentIntentFields].sort());
    const withoutSecret = await fetch(`${fake.url}/v1/payment_intents/${intent.id}`, {
      headers: { authorization: 'Bearer pk_test_fake' },
    });
    expect(withoutSecret.status).toBe(400);
    const confirmed = (await (await confirmFromBrowser(intent, '4242424242424242')).json()) as Record<
      string,
      unknown
    >;
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed).not.toHaveProperty('metadata');
    expect(confirmed).not.toHaveProperty('latest_charge');
  });

  describe('webhooks on request', () => {
    it('holds events, then releases them reversed and each twice, carrying each object as it stood then', async () => {
      expect((await control('webhooks/hold')).status).toBe(200);
      const created = await post(
        '/v1/payment_intents',
        { amount: '5000', currency: 'usd' },
        {
          'idempotency-key': 'held-create',
        },
      );
      const intent = (await created.json()) as Stripe.PaymentIntent;
      await confirmFromBrowser(intent, '4242424242424242');
      expect(await eventsOf(intent)).toEqual([]);
      expect(fake.webhooks.held).toBe(2);

      const release = await control('webhooks/release', { order: 'reverse', duplicate: true, delayMs: 50 });
      expect(await release.json()).toEqual({ released: 2 });
      await fake.settled();
      const events = await eventsOf(intent);
      expect(events.map((event) => event.type)).toEqual([
        'payment_intent.succeeded',
        'payment_intent.succeeded',
        'payment_intent.created',
        'payment_intent.created',
      ]);
      expect(events[0].id).toBe(events[1].id);
      expect(events[2].data.object).toMatchObject({ status: 'requires_payment_method' });
      expect(events[2].request).toEqual({
        id: created.headers.get('request-id'),
        idempotency_key: 'held-create',
      });
      // No longer holding: the next event goes out at once.
      await stripe.paymentIntents.cancel((await createIntent()).id);
      expect(fake.webhooks.held).toBe(0);
    });

    it('holds and releases in process too, and sendEvent still sends a hand-made event', async () => {
      fake.webhooks.hold();
      const intent = await createIntent();
      await fake.webhooks.release({ order: 'sent' });
      expect(await typesOf(intent)).toEqual(['payment_intent.created']);
      const delivery = await fake.sendEvent(
        'payment_intent.succeeded',
        { ...intent, status: 'succeeded' },
        {
          id: 'evt_handmade',
        },
      );
      expect(delivery).toMatchObject({ status: 200, attempts: 1, event: { id: 'evt_handmade' } });
      expect(fake.deliveries.at(-1)?.event.id).toBe('evt_handmade');
    });
  });

  it('fails the next creations on request over HTTP, as a Stripe outage would', async () => {
    expect((await control('fail-next', { count: 2 })).status).toBe(200);
    await expect(createIntent()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(createIntent()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(createIntent()).resolves.toMatchObject({ status: 'requires_payment_method' });
    expect((await control('nothing-here')).status).toBe(404);
  });
});
