export { testDatabaseServerUrl, testNatsUrl } from './env';
export { closedPort, uniqueName, uniqueSubjectSpace } from './names';
export { createTestDatabase, type TestDatabase } from './database';
export {
  startServiceHarness,
  type ServiceHarness,
  type ServiceHarnessConfig,
  type ServiceHarnessOptions,
} from './service-harness';
export { request, uniqueEmail, type JsonResponse } from './http';
export { JwksServer } from './access-tokens/jwks-server';
export { type SignedInUser, TestIdentity } from './access-tokens/test-identity';
export {
  type Claims,
  claimsFor,
  createTestKey,
  hs256WithPublicKey,
  signToken,
  tamper,
  type TestKey,
  unsignedToken,
} from './access-tokens/test-keys';
export {
  type FakePaymentIntent,
  type FakeStripe,
  type FakeStripeEvent,
  type FakeStripeOptions,
  startFakeStripe,
  type WebhookDelivery,
} from './fake-stripe/fake-stripe';
