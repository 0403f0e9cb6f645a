import { getInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { SECTION_NAMES, type SectionName } from '@portal/contracts';

/** Where the gateway serves the remote manifest (remote name → its `mf-manifest.json`). */
export const MANIFEST_URL = '/mfe-manifest.json';

const LOAD_FAILED = '__portalSectionLoadFailed';

/** What `errorLoadRemote` hands back instead of a module when a remote cannot be loaded. */
interface LoadFailure {
  [LOAD_FAILED]: unknown;
}

const isLoadFailure = (value: unknown): value is LoadFailure =>
  typeof value === 'object' && value !== null && LOAD_FAILED in value;

/**
 * Runtime plugin: a remote that cannot be fetched or evaluated resolves to a failure marker rather
 * than rejecting deep inside the federation runtime; `loadSection` turns it into the section error.
 * Only the final `onLoad` stage is answered: at the manifest and share stages a returned value
 * would be taken as a manifest or a container.
 */
export function sectionFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-section-fallback',
    // A manifest answered with an HTTP error (a gateway's 404/502 JSON body) must fail as a fetch
    // failure: the runtime then forgets it, so Retry fetches it again.
    async fetch(url, init) {
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
      return response;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[shell] remote module ${id} failed to load`, error);
      const failure: LoadFailure = { [LOAD_FAILED]: error ?? new Error(`${id} could not be loaded`) };
      return failure;
    },
  };
}

/** Validates the runtime manifest: one URL per known section. */
export function parseManifest(json: unknown): Record<SectionName, string> {
  if (typeof json !== 'object' || json === null) throw new Error(`${MANIFEST_URL} is not a JSON object`);
  const entries = json as Record<string, unknown>;
  for (const name of SECTION_NAMES) {
    if (typeof entries[name] !== 'string' || !entries[name]) {
      throw new Error(`${MANIFEST_URL} has no entry for the ${name} section`);
    }
  }
  return Object.fromEntries(SECTION_NAMES.map((name) => [name, entries[name] as string])) as Record<
    SectionName,
    string
  >;
}

let registration: Promise<void> | null = null;
let pluginRegistered = false;

/** Fetches `/mfe-manifest.json` once and registers every remote with the federation runtime. */
function registerRemotes(): Promise<void> {
  registration ??= (async () => {
    const federation = getInstance();
    if (!federation) throw new Error('The Module Federation runtime is not initialised');
    const response = await fetch(MANIFEST_URL, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText || 'manifest unavailable'}`);
    const manifest = parseManifest(await response.json());
    if (!pluginRegistered) {
      federation.registerPlugins([sectionFallbackPlugin()]);
      pluginRegistered = true;
    }
    federation.registerRemotes(
      SECTION_NAMES.map((name) => ({ name, entry: manifest[name] })),
      { force: true },
    );
  })().catch((error: unknown) => {
    registration = null; // a Retry fetches the manifest again
    throw error;
  });
  return registration;
}

/**
 * Loads a module a remote exposes (`checkout/cart`); rejects when the manifest or the remote cannot
 * be loaded, so the caller can say so and try again later.
 */
export async function loadRemoteModule<T>(id: `${SectionName}/${string}`): Promise<T> {
  await registerRemotes();
  const federation = getInstance();
  const loaded = await federation!.loadRemote<T | LoadFailure>(id);
  if (isLoadFailure(loaded)) throw loaded[LOAD_FAILED];
  if (!loaded) throw new Error(`${id} could not be loaded`);
  return loaded;
}

/** Loads a section's single-spa lifecycles (`<name>/app`); rejects when the remote is unreachable. */
export async function loadSection(name: SectionName): Promise<LifeCycles> {
  const loaded = await loadRemoteModule<LifeCycles>(`${name}/app`);
  if (typeof loaded.mount !== 'function') throw new Error(`${name}/app exposes no single-spa lifecycles`);
  return loaded;
}
