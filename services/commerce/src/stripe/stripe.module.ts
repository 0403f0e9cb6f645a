import { type DynamicModule, Logger, Module } from '@nestjs/common';
import Stripe from 'stripe';
import type { StripeSettings } from '../config';

/** The Stripe SDK client, or null while `STRIPE_SECRET_KEY` is not set. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
/** The webhook signing secret (`whsec_…`), or null while not set. */
export const STRIPE_WEBHOOK_SECRET = Symbol('STRIPE_WEBHOOK_SECRET');

/**
 * Stripe's deadline per request, and one retry (the SDK reuses the idempotency key): the gateway gives
 * create-payment-intent 15 s, so both attempts fit inside it.
 */
const REQUEST_TIMEOUT_MS = 5_000;
const NETWORK_RETRIES = 1;

export function createStripeClient(settings: StripeSettings): Stripe | null {
  if (!settings.secretKey) return null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    ...(settings.apiUrl ? apiEndpoint(settings.apiUrl) : {}),
  });
}

/** `http://127.0.0.1:12111` → the SDK's `host`, `port` and `protocol` options. */
function apiEndpoint(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

const logger = new Logger('Stripe');

@Module({})
export class StripeModule {
  static forRoot(settings: StripeSettings): DynamicModule {
    return {
      module: StripeModule,
      global: true,
      providers: [
        {
          provide: STRIPE_CLIENT,
          useFactory: () => {
            if (!settings.secretKey) logger.warn('STRIPE_SECRET_KEY is not set: checkout answers 503');
            return createStripeClient(settings);
          },
        },
        {
          provide: STRIPE_WEBHOOK_SECRET,
          useFactory: () => {
            if (!settings.webhookSecret)
              logger.warn('STRIPE_WEBHOOK_SECRET is not set: the webhook answers 503');
            return settings.webhookSecret ?? null;
          },
        },
      ],
      exports: [STRIPE_CLIENT, STRIPE_WEBHOOK_SECRET],
    };
  }
}
