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
export { type ApiTokenOf, type SignedInUser, TestIdentity } from './access-tokens/test-identity';
export {
  apiTokenClaimsFor,
  type Claims,
  claimsFor,
  createTestKey,
  hs256WithPublicKey,
  signApiToken,
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
export { type Closable, startForSuite } from './start-for-suite';
export { itMountsTheHealthCheck } from './service-health';
export { postRawBody } from './raw-body';
export { docxBytes, pdfBytes, zipBytes } from './cv-files';
export { authenticationRequired, expectJsonError, expectV1Error } from './json-error';
export { fromNewClientAddress } from './client-address';
export { startWithTestIdentity, type WithSignIn } from './access-tokens/with-test-identity';
export {
  asMigration,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  type MigratedTestDatabaseOptions,
} from './migrated-test-database';
export { sleep, waitFor } from './wait-for';
export { connectTestJetStream, type TestJetStream } from './test-jetstream';
export {
  startOnTestEventSpace,
  startTestEventSpace,
  type TestEventSpace,
  type TestEventsOptions,
  legacyOwnershipData,
  userDeletedData,
} from './test-event-space';
export {
  type CaughtMail,
  extractLink,
  isAddressedTo,
  type MailCatcher,
  type MailCatcherClient,
  mailCatcherClient,
  startMailCatcher,
} from './mail-catcher';
