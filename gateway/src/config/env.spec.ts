import path from 'node:path';
import { EnvValidationError } from '@portal/config';
import { loadConfig } from './env';

const repoRoot = path.resolve(__dirname, '../../..');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      trustedProxies: [],
      workers: 1,
      logLevel: 'info',
      upstreamTimeoutMs: 700,
      liveStreamsPerUser: 5,
      databaseUrl: undefined,
      natsUrl: undefined,
    });
    expect(config.upstreams.identity).toEqual({
      name: 'identity',
      urls: ['http://127.0.0.1:3101'],
      timeoutMs: undefined,
    });
    expect(config.static).toEqual({
      shellRoot: path.join(repoRoot, 'shell/dist'),
      remoteRoots: {
        marketing: path.join(repoRoot, 'mfe-marketing/dist'),
        checkout: path.join(repoRoot, 'mfe-checkout/dist'),
        dashboard: path.join(repoRoot, 'mfe-dashboard/dist'),
        staff: path.join(repoRoot, 'mfe-staff/dist'),
      },
      remotesUrl: undefined,
      releasesRoot: path.join(repoRoot, '.data/releases'),
    });
  });

  it('reads TRUSTED_PROXIES, the load balancers in front, and refuses what is not an address or a range', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 203.0.113.5' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '203.0.113.5',
    ]);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'lb.internal' })).toThrow(
      'TRUSTED_PROXIES: must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated; not lb.internal',
    );
  });

  it('routes a service to its URL variable, trailing slashes dropped', () => {
    expect(loadConfig({}).upstreams.support.urls).toEqual(['http://127.0.0.1:3104']);
    const config = loadConfig({ SUPPORT_URL: 'http://support:3104/' });
    expect(config.upstreams.support).toEqual({
      name: 'support',
      urls: ['http://support:3104'],
      timeoutMs: undefined,
    });
  });

  it("reads a service's replicas from COMMERCE_URLS and refuses an entry that is not an http(s) URL", () => {
    const config = loadConfig({ COMMERCE_URLS: 'http://127.0.0.1:3102,http://127.0.0.1:3202' });
    expect(config.upstreams.commerce.urls).toEqual(['http://127.0.0.1:3102', 'http://127.0.0.1:3202']);
    expect(config.upstreamHealthIntervalMs).toBe(1_000);
    expect(() => loadConfig({ COMMERCE_URLS: 'http://127.0.0.1:3102,commerce:3202' })).toThrow(
      'COMMERCE_URLS: must list http(s) URLs, comma-separated',
    );
    expect(() => loadConfig({ COMMERCE_URLS: ' , ' })).toThrow('COMMERCE_URLS: must list http(s) URLs');
  });

  it('reads STATIC_ROOT as a document root: the shell at its top, remotes under mfe/<name>', () => {
    const config = loadConfig({
      STATIC_ROOT: '/srv/portal',
      STATIC_REMOTES_URL: 'http://static:8081/',
      RELEASES_ROOT: '/releases',
    });
    expect(config.static).toEqual({
      shellRoot: '/srv/portal',
      remoteRoots: {
        marketing: '/srv/portal/mfe/marketing',
        checkout: '/srv/portal/mfe/checkout',
        dashboard: '/srv/portal/mfe/dashboard',
        staff: '/srv/portal/mfe/staff',
      },
      remotesUrl: 'http://static:8081',
      releasesRoot: '/releases',
    });
  });

  it('gives the front end the scheduling widget only when SCHEDULER_URL is set', () => {
    expect(loadConfig({}).runtime.scheduler).toBeNull();
    expect(
      loadConfig({ SCHEDULER_URL: 'https://calendly.com/millstone-cx/discovery-call' }).runtime.scheduler,
    ).toEqual({ url: 'https://calendly.com/millstone-cx/discovery-call' });
  });

  it('takes the public API’s base URL from PUBLIC_API_URL, else the public site’s origin and /v1', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://www.example.com' }).runtime.api).toEqual({
      baseUrl: 'https://www.example.com/v1',
    });
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example.com/v1/' }).runtime.api).toEqual({
      baseUrl: 'https://api.example.com/v1',
    });
  });

  it('takes a Redis URL for the /v1 counts, and names the variable when it is not one', () => {
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redisUrl).toBe('redis://10.0.0.5:6379/2');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL/);
  });

  it("gives the front end Stripe's publishable key only when STRIPE_PUBLISHABLE_KEY is set", () => {
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbcDEF' }).runtime.payments).toEqual({
      publishableKey: 'pk_test_51AbcDEF',
    });
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbcDEF' }).runtime.payments).toEqual({
      publishableKey: 'pk_live_51AbcDEF',
    });
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: '' }).runtime.payments).toBeNull();
  });

  it('takes the public site URL from PUBLIC_SITE_URL, without its trailing slash', () => {
    expect(loadConfig({}).publicSiteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://www.millstonecx.com/' }).publicSiteUrl).toBe(
      'https://www.millstonecx.com',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it.each([
    [{ IDENTITY_URL: 'not a url' }, 'IDENTITY_URL: must be an http(s) URL'],
    [{ IDENTITY_URL: 'ftp://files:21' }, 'IDENTITY_URL: must be an http(s) URL'],
    [{ PORT: 'eighty' }, 'PORT: must be a port number'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ NATS_URL: 'http://nats:4222' }, 'NATS_URL: must be a NATS URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ UPSTREAM_TIMEOUT_MS: '0' }, 'UPSTREAM_TIMEOUT_MS'],
    [{ GATEWAY_WORKERS: '0' }, 'GATEWAY_WORKERS: must be at least 1'],
    [{ LIVE_STREAMS_PER_USER: '0' }, 'LIVE_STREAMS_PER_USER: must be at least 1'],
    [{ SCHEDULER_URL: 'http://calendly.com/team/call' }, 'SCHEDULER_URL: must be a Calendly booking page'],
    [{ SCHEDULER_URL: 'https://evil.example/call' }, 'SCHEDULER_URL: must be a Calendly booking page'],
    [
      { STRIPE_PUBLISHABLE_KEY: 'sk_test_51AbcDEF' },
      'STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key',
    ],
    [
      { STRIPE_PUBLISHABLE_KEY: 'pk_prod_51AbcDEF' },
      'STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key',
    ],
    [{ PUBLIC_SITE_URL: 'www.millstonecx.com' }, "PUBLIC_SITE_URL: must be the site's origin alone"],
    [
      { PUBLIC_SITE_URL: 'https://www.millstonecx.com/site' },
      "PUBLIC_SITE_URL: must be the site's origin alone",
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(EnvValidationError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
