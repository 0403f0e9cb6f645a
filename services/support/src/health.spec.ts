import { itMountsTheHealthCheck, startForSuite } from '@portal/testing';
import { startSupport } from './test/support-harness';

describe('GET /health', () => {
  const stack = startForSuite(startSupport);
  itMountsTheHealthCheck(() => stack().service.baseUrl);
});
