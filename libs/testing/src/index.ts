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
