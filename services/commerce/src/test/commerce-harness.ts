import { randomUUID } from 'node:crypto';
import type { CartLine, CreatePaymentIntentResponse } from '@portal/contracts';
import {
  type FakeStripe,
  type JsonResponse,
  postRawBody,
  request,
  type ServiceHarness,
  type SignedInUser,
  startFakeStripe,
  startServiceHarness,
  startWithTestIdentity,
  type TestEventsOptions,
  type WithSignIn,
} from '@portal/testing';
import Stripe from 'stripe';
import { AppModule } from '../app.module';
import type { StripeSettings } from '../config';
import { commerceEntities } from '../database';
import { commerceMigrations } from '../migrations';
import { seedCatalog } from '../packages/catalog.seed';
import { createStripeClient } from '../stripe/stripe.module';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_commerce';
export const TEST_WEBHOOK_SECRET = 'whsec_commercetests';
/** The payment window of the test stacks: a test ages an order past it to have it swept. */
export const TEST_PAYMENT_WINDOW_MINUTES = 30;

export type Customer = SignedInUser;

export type CommerceStack = WithSignIn<{
  service: ServiceHarness;
  /** The fake Stripe API the SDK talks to; it sends its webhooks to the service. */
  stripe: FakeStripe;
  close(): Promise<void>;
}>;

/**
 * commerce on a throwaway database with the catalog seeded, verifying tokens against a JWKS of a
 * test key (as identity publishes it) and calling a fake Stripe API through the real SDK.
 * `stripe` overrides the service's Stripe settings (e.g. `{ secretKey: undefined }`); with `events`,
 * it consumes account events from that test stream (see `startTestEventSpace`).
 */
export function startCommerce(
  options: { stripe?: Partial<StripeSettings>; events?: TestEventsOptions } = {},
): Promise<CommerceStack> {
  return startWithTestIdentity('commerce-test', async (identity) => {
    const stripe = await startFakeStripe({ webhookSecret: TEST_WEBHOOK_SECRET });
    const settings: StripeSettings = {
      secretKey: TEST_STRIPE_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      apiUrl: stripe.url,
      ...options.stripe,
    };
    const service = await startServiceHarness({
      name: 'commerce',
      createModule: (config) =>
        AppModule.forRoot({
          ...config,
          identityUrl: identity.baseUrl,
          stripe: settings,
          paymentWindowMinutes: TEST_PAYMENT_WINDOW_MINUTES,
          ...(options.events && { events: options.events }),
        }),
      migrations: commerceMigrations,
      entities: commerceEntities,
      prepare: seedCatalog,
    }).catch(async (error: unknown) => {
      await stripe.close();
      throw error;
    });
    stripe.webhookUrl = `${service.baseUrl}/api/stripe/webhook`;
    return {
      service,
      stripe,
      async close() {
        await stripe.close();
        await service.close();
      },
    };
  });
}

/** `POST /api/create-payment-intent` as the checkout page sends it. */
export function createPaymentIntent(
  stack: CommerceStack,
  customer: Customer | undefined,
  body: unknown,
  idempotencyKey?: string,
): Promise<JsonResponse<CreatePaymentIntentResponse & { statusCode?: number; message?: string }>> {
  return request(stack.service.baseUrl, 'POST', '/api/create-payment-intent', {
    body,
    token: customer?.token,
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
  });
}

/** `POST /api/stripe/webhook` as Stripe sends it: the payload as it stands, signed when `signature` is given. */
export function postStripeWebhook(
  stack: CommerceStack,
  payload: string,
  contentType: string,
  signature?: string,
): Promise<Response> {
  return postRawBody(
    `${stack.service.baseUrl}/api/stripe/webhook`,
    payload,
    contentType,
    signature ? { 'stripe-signature': signature } : {},
  );
}

/**
 * Signs and posts a Stripe event about `object` straight to the webhook, as Stripe would send it
 * (whatever the fake holds or has sent); answers the HTTP status.
 */
export async function postSignedEvent(
  stack: CommerceStack,
  type: string,
  object: unknown,
  id = `evt_${randomUUID().replace(/-/g, '')}`,
): Promise<number> {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
  const response = await postStripeWebhook(stack, payload, 'application/json', signature);
  await response.body?.cancel();
  return response.status;
}

/** Confirms the PaymentIntent from "the browser" (publishable key + client secret) with a card number. */
export async function payWithCard(
  stack: CommerceStack,
  clientSecret: string,
  cardNumber: string,
): Promise<number> {
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const response = await fetch(`${stack.stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: 'pk_test_commerce',
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': cardNumber,
    }),
  });
  await response.body?.cancel();
  await stack.stripe.settled();
  return response.status;
}

/** The Stripe SDK on the stack's fake, as the merchant would use it (e.g. a cancel from Stripe's dashboard). */
export const stripeClientOf = (stack: CommerceStack): Stripe =>
  createStripeClient({ secretKey: TEST_STRIPE_SECRET_KEY, apiUrl: stack.stripe.url })!;

/** A cart line for a catalog package. */
export const line = (packageId: string, quantity = 1): CartLine => ({ packageId, quantity });
