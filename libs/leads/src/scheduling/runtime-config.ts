/**
 * What the site is told at run time (`GET /runtime-config.json`, written by the gateway from its
 * environment), like the shell reads `/mfe-manifest.json`: settings that change per deployment
 * without a rebuild.
 */
export interface RuntimeConfig {
  /** The scheduling widget's booking page (`SCHEDULER_URL`); null when none is configured. */
  scheduler: { url: string } | null;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

const NOTHING_CONFIGURED: RuntimeConfig = { scheduler: null };

function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const url = (json as { scheduler?: { url?: unknown } | null } | null)?.scheduler?.url;
  return typeof url === 'string' && url.startsWith('https://') ? { scheduler: { url } } : NOTHING_CONFIGURED;
}

let loading: Promise<RuntimeConfig> | null = null;

/** Fetched once per page; unreachable or malformed, it reads as "nothing configured". */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch(RUNTIME_CONFIG_URL, { cache: 'no-cache' })
    .then(async (response) => (response.ok ? parseRuntimeConfig(await response.json()) : NOTHING_CONFIGURED))
    .catch(() => NOTHING_CONFIGURED);
  return loading;
}
