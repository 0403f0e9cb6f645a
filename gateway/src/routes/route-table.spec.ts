import { APPLICATION_BODY_MAX_BYTES, ATTACHMENT_MAX_BYTES } from '@portal/contracts';
import { resolveUpstreams, routes, services } from './route-table';

describe('route table', () => {
  it('maps each prefix of the spec to its service', () => {
    const table = Object.fromEntries(routes.map((route) => [route.prefix, route.service]));
    expect(table).toEqual({
      '/api/auth/login': 'identity',
      '/api/auth/register': 'identity',
      '/api/auth/reset-password': 'identity',
      '/api/account/password': 'identity',
      '/api/account/email': 'identity',
      '/api/account/delete': 'identity',
      '/api/account/two-factor/enable': 'identity',
      '/api/account/two-factor/disable': 'identity',
      '/api/auth': 'identity',
      '/api/identity': 'identity',
      '/api/account/export/commerce': 'commerce',
      '/api/account/export/crm': 'crm',
      '/api/account/export/support': 'support',
      '/api/account/export/kpi': 'kpi',
      '/api/account': 'identity',
      '/api/organizations': 'identity',
      '/api/team': 'identity',
      '/api/invitations': 'identity',
      '/api/create-payment-intent': 'commerce',
      '/api/user/orders': 'commerce',
      '/api/user/subscriptions': 'commerce',
      '/api/packages': 'commerce',
      '/api/stripe': 'commerce',
      '/api/commerce/staff': 'commerce',
      '/api/contact': 'crm',
      '/api/crm': 'crm',
      '/api/newsletter': 'crm',
      '/api/careers': 'crm',
      '/api/support/attachments': 'support',
      '/api/support/staff/attachments': 'support',
      '/api/support': 'support',
      '/api/status': 'support',
      '/api/kpi': 'kpi',
      '/api/developers/keys': 'identity',
      '/api/developers/webhooks': 'crm',
      '/api/developers/callbacks': 'crm',
    });
  });

  it('gives the routes that hash or check a password, and checkout (Stripe), more time than the API default', () => {
    const slow = routes.filter((route) => route.timeoutMs !== undefined).map((route) => route.prefix);
    expect(slow).toEqual([
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/reset-password',
      '/api/account/password',
      '/api/account/email',
      '/api/account/delete',
      '/api/account/two-factor/enable',
      '/api/account/two-factor/disable',
      '/api/create-payment-intent',
      '/api/commerce/staff',
    ]);
  });

  it('lets job applications (a CV of up to 5 MB) and ticket attachments (10 MB) alone carry more than 1 MB', () => {
    const large = routes.filter((route) => route.bodyLimit !== undefined);
    expect(large).toEqual([
      { prefix: '/api/careers', service: 'crm', bodyLimit: APPLICATION_BODY_MAX_BYTES },
      { prefix: '/api/support/attachments', service: 'support', bodyLimit: ATTACHMENT_MAX_BYTES },
      { prefix: '/api/support/staff/attachments', service: 'support', bodyLimit: ATTACHMENT_MAX_BYTES },
    ]);
  });

  it('lists a more specific prefix before the prefix it lies under', () => {
    const prefixes = routes.map((route) => route.prefix);
    prefixes.forEach((prefix, index) => {
      const broader = prefixes.slice(0, index).filter((earlier) => prefix.startsWith(`${earlier}/`));
      expect({ prefix, broader }).toEqual({ prefix, broader: [] });
    });
  });

  it('has well-formed, unique prefixes under /api', () => {
    const prefixes = routes.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/api(\/[a-z0-9-]+)+$/);
    // The gateway's own endpoints are not shadowed by a service.
    expect(prefixes).not.toEqual(expect.arrayContaining(['/api/healthz', '/api/readyz']));
  });

  it('gives every service its own URL variable and default port', () => {
    expect(Object.entries(services).map(([name, s]) => [name, s.env, s.defaultUrl])).toEqual([
      ['identity', 'IDENTITY_URL', 'http://127.0.0.1:3101'],
      ['commerce', 'COMMERCE_URL', 'http://127.0.0.1:3102'],
      ['crm', 'CRM_URL', 'http://127.0.0.1:3103'],
      ['support', 'SUPPORT_URL', 'http://127.0.0.1:3104'],
      ['kpi', 'KPI_URL', 'http://127.0.0.1:3105'],
    ]);
  });

  it('resolves each service to its URL variable, else its default URL', () => {
    const defaults = resolveUpstreams({});
    expect(defaults.identity.urls).toEqual(['http://127.0.0.1:3101']);
    expect(defaults.support.urls).toEqual(['http://127.0.0.1:3104']);
    expect(defaults.kpi.urls).toEqual(['http://127.0.0.1:3105']);

    const upstreams = resolveUpstreams({
      CRM_URL: 'http://crm.internal:3103///',
      SUPPORT_URL: 'http://support:3104',
    });
    expect(upstreams.crm.urls).toEqual(['http://crm.internal:3103']);
    expect(upstreams.support.urls).toEqual(['http://support:3104']);
    expect(upstreams.kpi.urls).toEqual(['http://127.0.0.1:3105']);
  });

  it("takes a service's replicas from its …_URLS list, which wins over its one …_URL", () => {
    const upstreams = resolveUpstreams({
      COMMERCE_URL: 'http://127.0.0.1:3102',
      COMMERCE_URLS: ' http://127.0.0.1:3102/, http://127.0.0.1:3202 ,',
    });
    expect(upstreams.commerce.urls).toEqual(['http://127.0.0.1:3102', 'http://127.0.0.1:3202']);
    expect(upstreams.identity.urls).toEqual(['http://127.0.0.1:3101']);
  });
});
