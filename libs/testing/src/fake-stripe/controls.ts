import type { FormObject } from './form';
import type { FakePaymentIntent, FakeRefund } from './payment-intents';
import type { ReleaseOptions, WebhookDelivery } from './webhooks';

/** What the `/_fake/…` routes drive: the same as the in-process object's methods. */
export interface FakeControls {
  failNext(count?: number): void;
  webhooks: {
    hold(): void;
    release(options?: ReleaseOptions): Promise<WebhookDelivery[]>;
    readonly held: number;
  };
  settle(id: string, outcome: 'succeeded' | 'failed'): FakePaymentIntent;
  failNextRefunds(count?: number): void;
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): FakeRefund;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
}

export interface ControlAnswer {
  status: number;
  body: unknown;
}

const notFound = (message: string): ControlAnswer => ({ status: 404, body: { error: { message } } });
const badRequest = (message: string): ControlAnswer => ({ status: 400, body: { error: { message } } });

/** A JSON body, or a form (curl -d): either gives the same fields. */
export function controlBody(raw: string, form: () => FormObject): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return form();
  }
}

/**
 * The test controls, on the fake's own origin and never under /v1, without authentication:
 * - `POST /_fake/fail-next` `{ count }`: the next `count` PaymentIntent creations answer 500.
 * - `POST /_fake/webhooks/hold`: events are queued from now on.
 * - `POST /_fake/webhooks/release` `{ order: 'sent'|'reverse', duplicate, delayMs }`: the queue is sent.
 * - `POST /_fake/payment_intents/:id/settle` `{ outcome: 'succeeded'|'failed' }`: a processing payment ends.
 * - `GET /_fake/payment_intents/:id`: the whole PaymentIntent as the fake holds it.
 * - `POST /_fake/fail-next-refunds` `{ count }`: the next `count` refund creations answer 500.
 * - `POST /_fake/refunds/:id/settle` `{ outcome: 'succeeded'|'failed' }`: an asynchronous refund ends.
 */
export function control(
  fake: FakeControls,
  method: string,
  path: string,
  body: Record<string, unknown>,
): ControlAnswer {
  if (method === 'POST' && (path === '/_fake/fail-next' || path === '/_fake/fail-next-refunds')) {
    const count = body.count === undefined ? 1 : Number(body.count);
    if (!Number.isInteger(count) || count < 0) return badRequest('count must be a whole number');
    if (path === '/_fake/fail-next') {
      fake.failNext(count);
      return { status: 200, body: { failNext: count } };
    }
    fake.failNextRefunds(count);
    return { status: 200, body: { failNextRefunds: count } };
  }
  const settleRefund = /^\/_fake\/refunds\/([A-Za-z0-9_]+)\/settle$/.exec(path);
  if (method === 'POST' && settleRefund) {
    const outcome = body.outcome;
    if (outcome !== 'succeeded' && outcome !== 'failed') {
      return badRequest("outcome must be 'succeeded' or 'failed'");
    }
    if (!fake.refunds.has(settleRefund[1])) return notFound(`No such refund: '${settleRefund[1]}'`);
    try {
      return { status: 200, body: fake.settleRefund(settleRefund[1], outcome) };
    } catch (error) {
      return { status: 409, body: { error: { message: (error as Error).message } } };
    }
  }
  if (method === 'POST' && path === '/_fake/webhooks/hold') {
    fake.webhooks.hold();
    return { status: 200, body: { holding: true } };
  }
  if (method === 'POST' && path === '/_fake/webhooks/release') {
    const order = body.order ?? 'sent';
    if (order !== 'sent' && order !== 'reverse') return badRequest("order must be 'sent' or 'reverse'");
    const delayMs = Number(body.delayMs ?? 0);
    if (!Number.isFinite(delayMs) || delayMs < 0) return badRequest('delayMs must be 0 or more');
    const released = fake.webhooks.held;
    void fake.webhooks.release({
      order,
      duplicate: body.duplicate === true || body.duplicate === 'true',
      delayMs,
    });
    return { status: 200, body: { released } };
  }
  const settle = /^\/_fake\/payment_intents\/([A-Za-z0-9_]+)\/settle$/.exec(path);
  if (method === 'POST' && settle) {
    const outcome = body.outcome;
    if (outcome !== 'succeeded' && outcome !== 'failed') {
      return badRequest("outcome must be 'succeeded' or 'failed'");
    }
    const paymentIntent = fake.paymentIntents.get(settle[1]);
    if (!paymentIntent) return notFound(`No such payment_intent: '${settle[1]}'`);
    if (paymentIntent.status !== 'processing') {
      return {
        status: 409,
        body: { error: { message: `status is ${paymentIntent.status}, not processing` } },
      };
    }
    return { status: 200, body: fake.settle(settle[1], outcome) };
  }
  const read = /^\/_fake\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
  if (method === 'GET' && read) {
    const paymentIntent = fake.paymentIntents.get(read[1]);
    return paymentIntent
      ? { status: 200, body: paymentIntent }
      : notFound(`No such payment_intent: '${read[1]}'`);
  }
  return notFound(`No fake control ${method} ${path}`);
}
