import { itMountsTheHealthCheck, startForSuite } from '@portal/testing';
import { startCrm } from './test/crm-harness';

describe('GET /health', () => {
  const crm = startForSuite(startCrm);
  itMountsTheHealthCheck(() => crm().baseUrl);
});
