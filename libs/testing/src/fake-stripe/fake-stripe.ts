import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { field, type FormObject, parseStripeForm, stringMap } from './form';

/**
 * A local stand-in for the few Stripe API endpoints the portal uses, for machines that cannot reach
 * Stripe: the official `stripe` SDK (pointed at it with `host`/`port`/`protocol`) and Stripe.js-style
 * browser calls talk to it over real HTTP, and it signs and sends the webhooks Stripe would.
 *
 * - `POST /v1/payment_intents` (secret key): form-encoded like the real API, honours `Idempotency-Key`.
 * - `GET /v1/payment_intents/:id` (secret key, or publishable key with `client_secret`).
 * - `POST /v1/payment_intents/:id` (secret key): updates `metadata[...]`; an empty value removes the
 *   key, as Stripe does.
 * - `POST /v1/payment_intents/:id/confirm` (secret key, or publishable key with `client_secret`, as
 *   Stripe.js calls it from a page; CORS allows any origin). The payment succeeds unless the card is
 *   Stripe's generic decline test card: `payment_method_data[card][number]` ending in `0002`
 *   (4000 0000 0000 0002), or a `payment_method` such as `pm_card_chargeDeclined` or one ending in
 *   `0002`. Then it answers 402 `card_declined`, and sends `payment_intent.payment_failed`;
 *   otherwise `payment_intent.succeeded`.
 */
export interface FakeStripeOptions {
  /** Where to POST signed webhook events (e.g. `http://127.0.0.1:3102/api/stripe/webhook`). */
  webhookUrl?: string;
  /** `whsec_…` used to sign them; default a random one (see `webhookSecret`). */
  webhookSecret?: string;
  /** Default 0: any free port. */
  port?: number;
  host?: string;
  /** Delay before every answer, to play a slow Stripe. */
  latencyMs?: number;
}

export type PaymentIntentStatus = 'requires_payment_method' | 'succeeded';

export interface CardError {
  type: 'card_error';
  code: 'card_declined';
  decline_code: 'generic_decline';
  message: string;
}

/** The fields of a Stripe PaymentIntent that the fake keeps (the real object has more). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method: string | null;
  last_payment_error: CardError | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  type: string;
  created: number;
  data: { object: FakePaymentIntent };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface WebhookDelivery {
  event: FakeStripeEvent;
  /** HTTP status of the last attempt; 0 when the endpoint could not be reached. */
  status: number;
  attempts: number;
}

export interface FakeStripe {
  /** Base URL, e.g. `http://127.0.0.1:12111`: the service's `STRIPE_API_URL`. */
  url: string;
  webhookSecret: string;
  /** Can be set after start, e.g. once the service under test listens. */
  webhookUrl: string | undefined;
  latencyMs: number;
  /** Every PaymentIntent created, by id. */
  paymentIntents: Map<string, FakePaymentIntent>;
  /** `POST /v1/payment_intents` requests received, idempotent replays included. */
  createRequests: number;
  /** Webhook events sent so far, in order. */
  deliveries: WebhookDelivery[];
  /** The next `count` PaymentIntent creations answer 500 `api_error` (and tell the SDK not to retry). */
  failNext(count?: number): void;
  /** Signs and POSTs an event of `type` about `paymentIntent` to the webhook URL, as Stripe does. */
  sendEvent(
    type: string,
    paymentIntent: FakePaymentIntent,
    options?: { id?: string },
  ): Promise<WebhookDelivery>;
  /** Resolves once every webhook started so far has been delivered (or given up). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const DELIVERY_ATTEMPTS = 3;
/** Stripe's largest USD charge, and its smallest. */
const MAX_AMOUNT = 99_999_999;
const MIN_AMOUNT = 50;

const randomId = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

type Caller = { kind: 'secret' } | { kind: 'publishable' };

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const idempotentCreates = new Map<string, { params: string; paymentIntentId: string }>();
  const pendingDeliveries = new Set<Promise<unknown>>();
  let failuresToInject = 0;

  const fake: FakeStripe = {
    url: '',
    webhookSecret: options.webhookSecret ?? randomId('whsec', 16),
    webhookUrl: options.webhookUrl,
    latencyMs: options.latencyMs ?? 0,
    paymentIntents,
    createRequests: 0,
    deliveries: [],
    failNext(count = 1) {
      failuresToInject += count;
    },
    sendEvent(type, paymentIntent, eventOptions = {}) {
      const event: FakeStripeEvent = {
        id: eventOptions.id ?? randomId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        type,
        created: now(),
        data: { object: structuredClone(paymentIntent) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
      const delivery = deliver(event);
      pendingDeliveries.add(delivery);
      void delivery.finally(() => pendingDeliveries.delete(delivery));
      return delivery;
    },
    async settled() {
      while (pendingDeliveries.size > 0) await Promise.allSettled([...pendingDeliveries]);
    },
    close: () => Promise.resolve(),
  };

  async function deliver(event: FakeStripeEvent): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = { event, status: 0, attempts: 0 };
    fake.deliveries.push(delivery);
    const url = fake.webhookUrl;
    if (!url) return delivery;
    const payload = JSON.stringify(event);
    while (delivery.attempts < DELIVERY_ATTEMPTS) {
      delivery.attempts += 1;
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        delivery.status = response.status;
        if (response.ok) break;
      } catch {
        delivery.status = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * delivery.attempts));
    }
    return delivery;
  }

  function createPaymentIntent(form: FormObject, idempotencyKey: string | undefined): FakePaymentIntent {
    if (idempotencyKey) {
      const earlier = idempotentCreates.get(idempotencyKey);
      if (earlier && earlier.params !== JSON.stringify(form)) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (earlier) return paymentIntents.get(earlier.paymentIntentId)!;
    }
    const amount = Number(field(form, 'amount'));
    if (!Number.isInteger(amount) || amount < MIN_AMOUNT || amount > MAX_AMOUNT) {
      throw invalidRequest(`Amount must be a whole number of cents from ${MIN_AMOUNT} to ${MAX_AMOUNT}.`, {
        param: 'amount',
      });
    }
    const currency = field(form, 'currency');
    if (!currency) throw invalidRequest('Missing required param: currency.', { param: 'currency' });
    const id = randomId('pi');
    const paymentIntent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: stringMap(form, 'metadata'),
      automatic_payment_methods:
        field(form, 'automatic_payment_methods', 'enabled') === undefined
          ? null
          : { enabled: field(form, 'automatic_payment_methods', 'enabled') === 'true' },
      payment_method: null,
      last_payment_error: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, paymentIntent);
    if (idempotencyKey)
      idempotentCreates.set(idempotencyKey, { params: JSON.stringify(form), paymentIntentId: id });
    return paymentIntent;
  }

  function findPaymentIntent(
    id: string,
    caller: Caller,
    clientSecret: string | undefined,
  ): FakePaymentIntent {
    const paymentIntent = paymentIntents.get(id);
    // A publishable key reaches a PaymentIntent only with its client secret, as with Stripe.js.
    const allowed =
      paymentIntent && (caller.kind === 'secret' || clientSecret === paymentIntent.client_secret);
    if (!allowed) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return paymentIntent;
  }

  function updatePaymentIntent(paymentIntent: FakePaymentIntent, form: FormObject): FakePaymentIntent {
    for (const [key, value] of Object.entries(stringMap(form, 'metadata'))) {
      if (value === '') delete paymentIntent.metadata[key];
      else paymentIntent.metadata[key] = value;
    }
    return paymentIntent;
  }

  function confirmPaymentIntent(paymentIntent: FakePaymentIntent, form: FormObject): FakePaymentIntent {
    if (paymentIntent.status !== 'requires_payment_method') {
      throw invalidRequest(
        `This PaymentIntent's status is ${paymentIntent.status}, so it cannot be confirmed.`,
        { code: 'payment_intent_unexpected_state', payment_intent: paymentIntent },
      );
    }
    const paymentMethod = field(form, 'payment_method');
    const cardNumber = field(form, 'payment_method_data', 'card', 'number')?.replace(/\D/g, '');
    if (!paymentMethod && !field(form, 'payment_method_data', 'type')) {
      throw invalidRequest('You must provide a payment method to confirm this PaymentIntent.', {
        code: 'payment_intent_unexpected_state',
        param: 'payment_method',
      });
    }
    const declined =
      cardNumber?.endsWith('0002') ||
      paymentMethod?.endsWith('0002') ||
      paymentMethod?.includes('chargeDeclined');
    paymentIntent.payment_method = paymentMethod ?? randomId('pm');
    if (declined) {
      paymentIntent.status = 'requires_payment_method';
      paymentIntent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      void fake.sendEvent('payment_intent.payment_failed', paymentIntent);
      throw new StripeApiError(402, { ...paymentIntent.last_payment_error, payment_intent: paymentIntent });
    }
    paymentIntent.status = 'succeeded';
    paymentIntent.amount_received = paymentIntent.amount;
    paymentIntent.last_payment_error = null;
    void fake.sendEvent('payment_intent.succeeded', paymentIntent);
    return paymentIntent;
  }

  function authenticate(request: IncomingMessage, form: FormObject): Caller {
    const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const key = bearer ?? field(form, 'key');
    if (key && /^(sk|rk)_test_\w+$/.test(key)) return { kind: 'secret' };
    if (key && /^pk_test_\w+$/.test(key)) return { kind: 'publishable' };
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: key
        ? `Invalid API Key provided: ${key.slice(0, 8)}***`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }

  const requireSecret = (caller: Caller) => {
    if (caller.kind !== 'secret') {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
  };

  async function route(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const form = parseStripeForm(await readBody(request));
    const caller = authenticate(request, form);
    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/confirm)?$/.exec(url.pathname);

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      requireSecret(caller);
      fake.createRequests += 1;
      if (failuresToInject > 0) {
        failuresToInject -= 1;
        throw new StripeApiError(500, { type: 'api_error', message: 'Something went wrong on our end.' });
      }
      const key = request.headers['idempotency-key'];
      return { status: 200, body: createPaymentIntent(form, typeof key === 'string' ? key : undefined) };
    }
    if (request.method === 'GET' && intentPath && !intentPath[2]) {
      const clientSecret = url.searchParams.get('client_secret') ?? undefined;
      return { status: 200, body: findPaymentIntent(intentPath[1], caller, clientSecret) };
    }
    if (request.method === 'POST' && intentPath && !intentPath[2]) {
      requireSecret(caller);
      return {
        status: 200,
        body: updatePaymentIntent(findPaymentIntent(intentPath[1], caller, undefined), form),
      };
    }
    if (request.method === 'POST' && intentPath?.[2]) {
      const paymentIntent = findPaymentIntent(intentPath[1], caller, field(form, 'client_secret'));
      return { status: 200, body: confirmPaymentIntent(paymentIntent, form) };
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
    });
  }

  const server: Server = createServer((request, response) => void handle(request, response));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
      'request-id': randomId('req', 7),
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...headers, 'access-control-max-age': '600' }).end();
      return;
    }
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await route(request));
    } catch (caught) {
      const error =
        caught instanceof StripeApiError
          ? caught
          : new StripeApiError(500, { type: 'api_error', message: (caught as Error).message });
      status = error.status;
      body = { error: error.body };
      if (status >= 500) Object.assign(headers, { 'stripe-should-retry': 'false' });
    }
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { address: string; port: number };
  fake.url = `http://${address.address}:${address.port}`;
  fake.close = async () => {
    await fake.settled();
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };
  return fake;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
