import type { CartLine, CreatePaymentIntentResponse } from '@portal/contracts';
import {
  type Claims,
  claimsFor,
  createTestKey,
  type FakeStripe,
  type JsonResponse,
  JwksServer,
  request,
  type ServiceHarness,
  signToken,
  startFakeStripe,
  startServiceHarness,
} from '@portal/testing';
import { AppModule } from '../app.module';
import type { StripeSettings } from '../config';
import { commerceEntities } from '../database';
import { commerceMigrations } from '../migrations';
import { seedCatalog } from '../packages/catalog.seed';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_commerce';
export const TEST_WEBHOOK_SECRET = 'whsec_commercetests';

export interface Customer {
  id: string;
  organizationId: string | null;
  token: string;
}

export interface CommerceStack {
  service: ServiceHarness;
  /** The fake Stripe API the SDK talks to; it sends its webhooks to the service. */
  stripe: FakeStripe;
  /**
   * A signed-in user of identity's: a fresh ES256 token from the key identity's JWKS publishes
   * (a new user unless `claims` names one).
   */
  signIn(role?: string, claims?: Partial<Claims>): Promise<Customer>;
  close(): Promise<void>;
}

/**
 * commerce on a throwaway database with the catalog seeded, verifying tokens against a JWKS of a
 * test key (as identity publishes it) and calling a fake Stripe API through the real SDK.
 * `stripe` overrides the service's Stripe settings (e.g. `{ secretKey: undefined }`).
 */
export async function startCommerce(
  options: { stripe?: Partial<StripeSettings> } = {},
): Promise<CommerceStack> {
  const key = await createTestKey('commerce-test');
  const jwks = new JwksServer([key.jwk]);
  await jwks.start();
  const stripe = await startFakeStripe({ webhookSecret: TEST_WEBHOOK_SECRET });
  const settings: StripeSettings = {
    secretKey: TEST_STRIPE_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    apiUrl: stripe.url,
    ...options.stripe,
  };
  const service = await startServiceHarness({
    name: 'commerce',
    createModule: (config) => AppModule.forRoot({ ...config, identityUrl: jwks.baseUrl, stripe: settings }),
    migrations: commerceMigrations,
    entities: commerceEntities,
    prepare: seedCatalog,
  }).catch(async (error: unknown) => {
    await Promise.all([jwks.stop(), stripe.close()]);
    throw error;
  });
  stripe.webhookUrl = `${service.baseUrl}/api/stripe/webhook`;
  return {
    service,
    stripe,
    async signIn(role = 'customer', overrides = {}) {
      const claims = claimsFor({ role, ...overrides });
      return { id: claims.sub, organizationId: claims.org, token: await signToken(key, claims) };
    },
    async close() {
      await stripe.close();
      await service.close();
      await jwks.stop();
    },
  };
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

/** A cart line for a catalog package. */
export const line = (packageId: string, quantity = 1): CartLine => ({ packageId, quantity });
