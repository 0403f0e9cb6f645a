import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { FakeCharge, FakePaymentIntent } from './payment-intents';

/** What an event may carry: a PaymentIntent, a Charge or a Refund, as it stood when the event happened. */
export type FakeEventObject = FakePaymentIntent | FakeCharge | Stripe.Refund;

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  type: string;
  created: number;
  data: { object: FakeEventObject };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused the event; both null for what Stripe did on its own. */
  request: { id: string | null; idempotency_key: string | null };
}

export interface WebhookDelivery {
  event: FakeStripeEvent;
  /** HTTP status of the last attempt; 0 when the endpoint could not be reached (or none is set). */
  status: number;
  attempts: number;
}

export interface ReleaseOptions {
  /** `sent` (default): the order the events happened in; `reverse`: the last one first. */
  order?: 'sent' | 'reverse';
  /** Each event is delivered twice in a row (same event id), as Stripe may. */
  duplicate?: boolean;
  /** Wait this long before the first delivery. */
  delayMs?: number;
}

const DELIVERY_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Held {
  event: FakeStripeEvent;
  delivered: (delivery: WebhookDelivery) => void;
}

/**
 * Signs and POSTs events to the webhook URL as Stripe does (three attempts), one object's events in
 * the order they happened. `hold()` queues them instead; `release()` sends the queue, in order or
 * reversed, each once or twice, after a delay, and stops holding.
 */
export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private holding = false;
  private queue: Held[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly target: () => { url: string | undefined; secret: string }) {}

  /** Builds the event for `object` as it is now (a copy), with the request that caused it. */
  event(
    type: string,
    object: FakeEventObject,
    request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
    id = `evt_${randomBytes(12).toString('hex')}`,
  ): FakeStripeEvent {
    return {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.target().url ? 1 : 0,
      request,
    };
  }

  /** Delivers `event` after the earlier events of the same `chain` (a PaymentIntent), or queues it. */
  send(event: FakeStripeEvent, chain: string): Promise<WebhookDelivery> {
    if (this.holding) {
      return new Promise((delivered) => this.queue.push({ event, delivered }));
    }
    const previous = this.chains.get(chain) ?? Promise.resolve();
    const delivery = previous.then(() => this.deliver(event));
    this.chains.set(chain, delivery);
    return this.track(delivery).finally(() => {
      if (this.chains.get(chain) === delivery) this.chains.delete(chain);
    });
  }

  hold(): void {
    this.holding = true;
  }

  get held(): number {
    return this.queue.length;
  }

  /** Sends what was held, as `options` say, one after another; resolves once all are delivered. */
  release(options: ReleaseOptions = {}): Promise<WebhookDelivery[]> {
    const queued = options.order === 'reverse' ? [...this.queue].reverse() : [...this.queue];
    this.queue = [];
    this.holding = false;
    return this.track(
      (async () => {
        if (options.delayMs) await sleep(options.delayMs);
        const sent: WebhookDelivery[] = [];
        for (const { event, delivered } of queued) {
          const delivery = await this.deliver(event);
          sent.push(delivery);
          if (options.duplicate) sent.push(await this.deliver(event));
          delivered(delivery);
        }
        return sent;
      })(),
    );
  }

  /** Resolves once every delivery started so far is done (held events are not waited for). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
    return promise;
  }

  private async deliver(event: FakeStripeEvent): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = { event, status: 0, attempts: 0 };
    this.deliveries.push(delivery);
    const { url, secret } = this.target();
    if (!url) return delivery;
    const payload = JSON.stringify(event);
    while (delivery.attempts < DELIVERY_ATTEMPTS) {
      delivery.attempts += 1;
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
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
      await sleep(100 * delivery.attempts);
    }
    return delivery;
  }
}
