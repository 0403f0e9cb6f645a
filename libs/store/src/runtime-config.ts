/**
 * What the site is told at run time (`GET /runtime-config.json`, written by the gateway from its
 * environment), like the shell reads `/mfe-manifest.json`: settings that change per deployment
 * without a rebuild. A subpath of its own (`@portal/store/runtime-config`), outside the shared store
 * module, so only the pages that need it (scheduler, checkout, docs) download it.
 */
export interface RuntimeConfig {
  /** The scheduling widget's booking page (`SCHEDULER_URL`); null when none is configured. */
  scheduler: { url: string } | null;
  /** Stripe's publishable key (`STRIPE_PUBLISHABLE_KEY`); null when payments are not set up. */
  payments: { publishableKey: string } | null;
  /** The public API's base URL (`PUBLIC_API_URL`, else the site's origin + `/v1`), without a trailing slash. */
  api: { baseUrl: string } | null;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

const NOTHING_CONFIGURED: RuntimeConfig = { scheduler: null, payments: null, api: null };

/** Each setting is taken only when it has the expected shape; anything else reads as "not configured". */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const { scheduler, payments, api } = (json ?? {}) as {
    scheduler?: { url?: unknown } | null;
    payments?: { publishableKey?: unknown } | null;
    api?: { baseUrl?: unknown } | null;
  };
  const url = scheduler?.url;
  const publishableKey = payments?.publishableKey;
  const baseUrl = api?.baseUrl;
  return {
    scheduler: typeof url === 'string' && url.startsWith('https://') ? { url } : null,
    payments:
      typeof publishableKey === 'string' && /^pk_(test|live)_\w+$/.test(publishableKey)
        ? { publishableKey }
        : null,
    api:
      typeof baseUrl === 'string' && /^https?:\/\/[^\s/]+(\/\S*)?$/.test(baseUrl)
        ? { baseUrl: baseUrl.replace(/\/+$/, '') }
        : null,
  };
}

let loading: Promise<RuntimeConfig> | null = null;

/** Fetched once per page; unreachable or malformed, it reads as "nothing configured". */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch(RUNTIME_CONFIG_URL, { cache: 'no-cache' })
    .then(async (response) => (response.ok ? parseRuntimeConfig(await response.json()) : NOTHING_CONFIGURED))
    .catch(() => NOTHING_CONFIGURED);
  return loading;
}
