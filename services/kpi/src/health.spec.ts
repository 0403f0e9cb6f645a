import { itMountsTheHealthCheck, startForSuite } from '@portal/testing';
import { startKpi } from './test/kpi-harness';

describe('GET /health', () => {
  const stack = startForSuite(startKpi);
  itMountsTheHealthCheck(() => stack().service.baseUrl);
});
