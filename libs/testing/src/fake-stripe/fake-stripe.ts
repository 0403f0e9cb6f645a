import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { control, controlBody } from './controls';
import { formatAmount } from './currencies';
import {
  apiError,
  invalidRequest,
  requestLogUrl,
  StripeApiError,
  type StripeErrorBody,
  unrecognizedUrl,
} from './errors';
import { field, type FormObject, parseStripeForm, stringList } from './form';
import { fingerprintOf, IdempotencyStore, type SavedAnswer } from './idempotency';
import {
  type FakeCharge,
  type FakePaymentIntent,
  type FakeRefund,
  PaymentLedger,
  publishableView,
  randomId,
  type RequestInfo,
} from './payment-intents';
import {
  cancelPaymentIntentParams,
  confirmPaymentIntentParams,
  createPaymentIntentParams,
  createRefundParams,
  type ParamSpec,
  refuseUnknownParams,
  retrieveParams,
  retrievePaymentIntentParams,
  updatePaymentIntentParams,
} from './params';
import { challengePage, messagePage, returnUrlWith } from './three-d-secure';
import {
  type FakeEventObject,
  type FakeStripeEvent,
  type ReleaseOptions,
  type WebhookDelivery,
  WebhookSender,
} from './webhooks';

/**
 * A local stand-in for the Stripe API endpoints the portal uses, held to Stripe's documented rules, for
 * machines that cannot reach Stripe: the official `stripe` SDK (pointed at it with `host`/`port`/
 * `protocol`) and Stripe.js-style browser calls talk to it over real HTTP, and it signs and sends the
 * webhooks Stripe would. See libs/testing's README and docs/adr/0176.
 *
 * - `POST /v1/payment_intents`, `GET|POST /v1/payment_intents/:id`, `POST …/:id/confirm`, `…/:id/cancel`,
 *   `POST /v1/refunds`, `GET /v1/refunds/:id` (refunds succeed at once, or later as Stripe's refund test
 *   cards do: `pm_card_pendingRefund` pending then succeeded, 4000 0000 0000 5126 / `pm_card_refundFail`
 *   succeeded then failed, each change with `refund.updated`, `charge.refund.updated`, `refund.failed`):
 *   form-encoded like the real API; unknown parameters,
 *   currencies and amounts under the currency's minimum are refused with Stripe's error codes.
 * - Every POST honours `Idempotency-Key` as Stripe does: the first answer (errors and 500s included)
 *   is replayed with `Idempotent-Replayed: true`, other parameters are a 400, a key still in flight a 409.
 * - A publishable key reaches a PaymentIntent only with its client secret (retrieve, confirm) and sees
 *   only the browser's fields. Test cards: 4242… succeeds, …0002 and …9995 are declined, …3155 and
 *   …3220 ask for 3-D Secure (the page at `/3ds/:id`), the fake's own 4000 0000 0000 7726
 *   (`pm_card_processing`) stays processing until settled.
 * - Test controls under `/_fake/…` (./controls.ts), the same as this object's methods.
 */
export interface FakeStripeOptions {
  /** Where to POST signed webhook events (e.g. `http://127.0.0.1:3102/api/stripe/webhook`). */
  webhookUrl?: string;
  /** `whsec_…` used to sign them; default a random one (see `webhookSecret`). */
  webhookSecret?: string;
  /** Default 0: any free port. */
  port?: number;
  host?: string;
  /** Delay before every answer, to play a slow Stripe (a request's key stays in flight meanwhile). */
  latencyMs?: number;
  /**
   * Milliseconds after which an asynchronous refund (`pm_card_pendingRefund`, the refund-failure card
   * 4000 0000 0000 5126 / `pm_card_refundFail`) settles by itself; default: only `settleRefund` does.
   */
  asyncRefundDelayMs?: number;
}

export type { FakeCharge, FakePaymentIntent, FakeRefund, FakeStripeEvent, ReleaseOptions, WebhookDelivery };
export type { PaymentIntentStatus } from './payment-intents';
export {
  PENDING_REFUND_PAYMENT_METHOD,
  PROCESSING_CARD,
  PROCESSING_PAYMENT_METHOD,
  REFUND_FAIL_CARD,
  REFUND_FAIL_PAYMENT_METHOD,
} from './test-cards';

export interface FakeStripe {
  /** Base URL, e.g. `http://127.0.0.1:12111`: the service's `STRIPE_API_URL`. */
  url: string;
  webhookSecret: string;
  /** Can be set after start, e.g. once the service under test listens. */
  webhookUrl: string | undefined;
  latencyMs: number;
  /** Every PaymentIntent created, by id, as the secret key sees it. */
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, FakeRefund>;
  /** `POST /v1/payment_intents` requests received, idempotent replays included. */
  createRequests: number;
  /** Webhook events sent so far, in order (a duplicated one twice). */
  deliveries: WebhookDelivery[];
  /** `hold()` queues events from now on; `release()` sends them (reversed, twice, later) and stops holding. */
  webhooks: {
    hold(): void;
    release(options?: ReleaseOptions): Promise<WebhookDelivery[]>;
    /** Events queued while holding. */
    readonly held: number;
  };
  /**
   * The next `count` PaymentIntent creations answer 500 `api_error`; like Stripe, the answer is saved
   * under the request's idempotency key and replayed to its retries.
   */
  failNext(count?: number): void;
  /** The next `count` refund creations answer 500 `api_error` (saved under their idempotency key too). */
  failNextRefunds(count?: number): void;
  /** A `processing` PaymentIntent ends `succeeded` or `failed`, with its event. */
  settle(id: string, outcome: 'succeeded' | 'failed'): FakePaymentIntent;
  /**
   * An asynchronous refund ends now: a pending one `succeeded` or `failed`, one of the refund-failure
   * card `failed`; with `refund.updated`, `charge.refund.updated` (and `refund.failed`).
   */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): FakeRefund;
  /** Signs and POSTs an event of `type` about `object` to the webhook URL, as Stripe does. */
  sendEvent(type: string, object: FakeEventObject, options?: { id?: string }): Promise<WebhookDelivery>;
  /** Resolves once every webhook started so far has been delivered (or given up); held ones are not. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type Caller = { kind: 'secret' | 'publishable'; key: string };

interface Answer {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
  'access-control-expose-headers': 'Request-Id, Idempotent-Replayed, Original-Request, Stripe-Should-Retry',
};

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const webhooks = new WebhookSender(() => ({ url: fake.webhookUrl, secret: fake.webhookSecret }));
  const chainOf = (object: FakeEventObject) =>
    object.object === 'payment_intent' ? object.id : String(object.payment_intent);
  const ledger = new PaymentLedger(
    (type, object, request) => void webhooks.send(webhooks.event(type, object, request), chainOf(object)),
    () => fake.url,
  );
  ledger.asyncRefundDelayMs = options.asyncRefundDelayMs;
  const idempotency = new IdempotencyStore();
  let failuresToInject = 0;

  const fake: FakeStripe = {
    url: '',
    webhookSecret: options.webhookSecret ?? randomId('whsec', 16),
    webhookUrl: options.webhookUrl,
    latencyMs: options.latencyMs ?? 0,
    paymentIntents: ledger.paymentIntents,
    charges: ledger.charges,
    refunds: ledger.refunds,
    createRequests: 0,
    deliveries: webhooks.deliveries,
    webhooks: {
      hold: () => webhooks.hold(),
      release: (releaseOptions) => webhooks.release(releaseOptions),
      get held() {
        return webhooks.held;
      },
    },
    failNext(count = 1) {
      failuresToInject += count;
    },
    failNextRefunds(count = 1) {
      ledger.refundFailuresToInject += count;
    },
    settle: (id, outcome) => ledger.settle(id, outcome),
    settleRefund: (id, outcome) => ledger.settleRefund(id, outcome),
    sendEvent: (type, object, eventOptions = {}) =>
      webhooks.send(webhooks.event(type, object, undefined, eventOptions.id), chainOf(object)),
    settled: () => webhooks.settled(),
    close: () => Promise.resolve(),
  };

  function authenticate(request: IncomingMessage, params: FormObject): Caller {
    const authorization = request.headers.authorization ?? '';
    const bearer = /^Bearer (\S+)$/i.exec(authorization)?.[1];
    // `curl -u sk_test_…:` as Stripe's docs show: the key is the Basic user name.
    const basic = /^Basic (\S+)$/i.exec(authorization)?.[1];
    const key =
      bearer ??
      (basic && Buffer.from(basic, 'base64').toString('utf8').split(':')[0]) ??
      field(params, 'key');
    if (key && /^(sk|rk)_test_\w+$/.test(key)) return { kind: 'secret', key };
    if (key && /^pk_test_\w+$/.test(key)) return { kind: 'publishable', key };
    throw new StripeApiError(
      401,
      {
        type: 'invalid_request_error',
        message: key
          ? `Invalid API Key provided: ${key.slice(0, 8)}***`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
      true,
    );
  }

  const requireSecret = (caller: Caller) => {
    if (caller.kind !== 'secret') {
      throw new StripeApiError(
        401,
        {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        },
        true,
      );
    }
  };

  /** The PaymentIntent as the caller may see it, with `expand[]` applied. */
  function show(paymentIntent: FakePaymentIntent, caller: Caller, params: FormObject): unknown {
    if (caller.kind === 'publishable') return publishableView(paymentIntent);
    return expand(paymentIntent, params, {
      latest_charge: (id) => ledger.charges.get(String(id)),
    });
  }

  function expand(
    object: object,
    params: FormObject,
    expandable: Record<string, (id: unknown) => unknown>,
  ): unknown {
    const expanded: Record<string, unknown> = structuredClone(object) as Record<string, unknown>;
    for (const path of stringList(params, 'expand')) {
      const resolve = expandable[path];
      if (!resolve) {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      }
      if (expanded[path] !== null) expanded[path] = resolve(expanded[path]) ?? expanded[path];
    }
    return expanded;
  }

  const checked = (params: FormObject, spec: ParamSpec) => {
    refuseUnknownParams(params, spec);
    return params;
  };

  /** Runs one API call; what it throws is its error answer. */
  function route(
    method: string,
    path: string,
    params: FormObject,
    caller: Caller,
    request: RequestInfo,
  ): Answer {
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);

    if (method === 'POST' && path === '/v1/payment_intents') {
      requireSecret(caller);
      checked(params, createPaymentIntentParams);
      if (failuresToInject > 0) {
        failuresToInject -= 1;
        throw apiError();
      }
      return { status: 200, body: show(ledger.create(params, request), caller, params) };
    }
    if (intentPath) {
      const [, id, action] = intentPath;
      if (method === 'GET' && !action) {
        checked(params, retrievePaymentIntentParams);
        const secret = caller.kind === 'publishable' ? (field(params, 'client_secret') ?? null) : undefined;
        return { status: 200, body: show(ledger.find(id, secret), caller, params) };
      }
      if (method === 'POST' && !action) {
        requireSecret(caller);
        checked(params, updatePaymentIntentParams);
        return { status: 200, body: show(ledger.update(ledger.find(id), params), caller, params) };
      }
      if (method === 'POST' && action === 'confirm') {
        checked(params, confirmPaymentIntentParams);
        const secret = caller.kind === 'publishable' ? (field(params, 'client_secret') ?? null) : undefined;
        const paymentIntent = ledger.find(id, secret);
        return { status: 200, body: show(ledger.confirm(paymentIntent, params, request), caller, params) };
      }
      if (method === 'POST' && action === 'cancel') {
        requireSecret(caller);
        checked(params, cancelPaymentIntentParams);
        return { status: 200, body: show(ledger.cancel(ledger.find(id), params, request), caller, params) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      requireSecret(caller);
      checked(params, createRefundParams);
      const refund = ledger.refund(params, request);
      return { status: 200, body: expandRefund(refund, params) };
    }
    if (method === 'GET' && refundPath) {
      requireSecret(caller);
      checked(params, retrieveParams);
      return { status: 200, body: expandRefund(ledger.findRefund(refundPath[1]), params) };
    }
    throw unrecognizedUrl(method, path);
  }

  const expandRefund = (refund: FakeRefund, params: FormObject) =>
    expand(refund, params, {
      charge: (id) => ledger.charges.get(String(id)),
      payment_intent: (id) => ledger.paymentIntents.get(String(id)),
    });

  /** An error as Stripe words it: the request's log link, the browser's view of a PaymentIntent. */
  function errorAnswer(error: StripeApiError, caller: Caller | undefined, requestId: string): Answer {
    const body: StripeErrorBody = { ...error.body };
    if (body.payment_intent && caller?.kind === 'publishable') {
      body.payment_intent = publishableView(body.payment_intent as FakePaymentIntent);
    } else if (body.payment_intent) {
      body.payment_intent = structuredClone(body.payment_intent);
    }
    if (error.status !== 401 && body.type !== 'api_error') body.request_log_url = requestLogUrl(requestId);
    return { status: error.status, body: { error: body } };
  }

  async function api(request: IncomingMessage, url: URL, raw: string, headers: Record<string, string>) {
    const method = request.method ?? 'GET';
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const requestId = headers['request-id'];
    let caller: Caller | undefined;
    let claim: ReturnType<IdempotencyStore['claim']> | undefined;
    const key = request.headers['idempotency-key'];
    const idempotencyKey = method === 'POST' && typeof key === 'string' && key ? key : null;
    let answer: Answer;
    try {
      caller = authenticate(request, params);
      if (method === 'POST' && url.pathname === '/v1/payment_intents') fake.createRequests += 1;
      if (idempotencyKey) {
        claim = idempotency.claim(caller.key, idempotencyKey, fingerprintOf(method, url.pathname, params));
        if (claim.kind === 'replay') return replay(claim.answer, headers);
      }
      answer = route(method, url.pathname, params, caller, {
        id: requestId,
        idempotency_key: idempotencyKey,
      });
    } catch (caught) {
      const error =
        caught instanceof StripeApiError
          ? caught
          : new StripeApiError(500, { type: 'api_error', message: (caught as Error).message });
      answer = errorAnswer(error, caller, requestId);
      if (claim?.kind === 'claimed' && error.beforeExecution) {
        claim.release();
        claim = undefined;
      }
    }
    // A saved 500 would only be replayed: Stripe tells the SDK not to retry it.
    if (answer.status >= 500 && claim?.kind === 'claimed') headers['stripe-should-retry'] = 'false';
    if (fake.latencyMs > 0) await sleep(fake.latencyMs);
    if (claim?.kind === 'claimed') {
      claim.save({ status: answer.status, body: answer.body, headers: { ...headers }, requestId });
    }
    return { ...answer, headers };
  }

  function replay(saved: SavedAnswer, headers: Record<string, string>) {
    return {
      status: saved.status,
      body: saved.body,
      headers: {
        ...saved.headers,
        'request-id': headers['request-id'],
        'idempotent-replayed': 'true',
        'original-request': saved.requestId,
      },
    };
  }

  /** `GET /3ds/:id` shows the challenge; `POST /3ds/:id/complete|fail` ends it and goes back. */
  function threeDSecure(
    method: string,
    url: URL,
    raw: string,
  ): { status: number; body: string; location?: string } {
    const match = /^\/3ds\/([A-Za-z0-9_]+)(?:\/(complete|fail))?$/.exec(url.pathname);
    const paymentIntent = match ? fake.paymentIntents.get(match[1]) : undefined;
    const secret =
      method === 'GET'
        ? url.searchParams.get('payment_intent_client_secret')
        : new URLSearchParams(raw).get('client_secret');
    if (!match || !paymentIntent || secret !== paymentIntent.client_secret) {
      return { status: 404, body: messagePage('No payment waits for authentication here.') };
    }
    if (paymentIntent.status !== 'requires_action') {
      return {
        status: 409,
        body: messagePage(`This payment is ${paymentIntent.status}: nothing to authenticate.`),
      };
    }
    if (method === 'GET' && !match[2]) {
      return {
        status: 200,
        body: challengePage(
          paymentIntent.id,
          formatAmount(paymentIntent.amount, paymentIntent.currency),
          paymentIntent.client_secret!,
        ),
      };
    }
    if (method !== 'POST' || !match[2])
      return { status: 405, body: messagePage('Use the buttons of the page.') };
    const returnUrl = ledger.authenticate(paymentIntent, match[2] === 'complete' ? 'complete' : 'fail');
    const status = paymentIntent.status === 'succeeded' ? 'succeeded' : 'failed';
    if (!returnUrl)
      return { status: 200, body: messagePage(`Authentication ${status}. You can close this window.`) };
    return {
      status: 303,
      body: '',
      location: returnUrlWith(returnUrl, paymentIntent.id, paymentIntent.client_secret!, status),
    };
  }

  const server: Server = createServer((request, response) => void handle(request, response));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers: Record<string, string> = {
      ...corsHeaders,
      'request-id': randomId('req', 7),
      'stripe-version': String(request.headers['stripe-version'] ?? Stripe.API_VERSION),
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...headers, 'access-control-max-age': '600' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const raw = await readBody(request);
    if (url.pathname.startsWith('/_fake/')) {
      const answer = control(
        fake,
        request.method ?? 'GET',
        url.pathname,
        controlBody(raw, () => parseStripeForm(raw)),
      );
      response
        .writeHead(answer.status, { ...corsHeaders, 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
      return;
    }
    if (url.pathname.startsWith('/3ds/')) {
      const page = threeDSecure(request.method ?? 'GET', url, raw);
      response
        .writeHead(page.status, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
          ...(page.location ? { location: page.location } : {}),
        })
        .end(page.body);
      return;
    }
    const answer = await api(request, url, raw, headers);
    response
      .writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body));
  }

  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { address: string; port: number };
  fake.url = `http://${address.address}:${address.port}`;
  fake.close = async () => {
    ledger.stopTimers();
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
