import { getInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import {
  routePattern,
  SECTION_NAMES,
  SECTION_ROUTES_FILE,
  type SectionName,
  type SectionRoute,
} from '@portal/contracts';
import { setRouteTable } from '../sections/route-table';

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

/** The runtime manifest: each section's `mf-manifest.json`, and the route patterns it serves where given. */
export interface SiteManifest {
  entries: Record<SectionName, string>;
  routes: Partial<Record<SectionName, string[]>>;
}

const isPatternList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((pattern) => typeof pattern === 'string' && pattern.startsWith('/'));

/** Validates the runtime manifest: one URL per known section; `routes` as far as it is well formed. */
export function parseManifest(json: unknown): SiteManifest {
  if (typeof json !== 'object' || json === null) throw new Error(`${MANIFEST_URL} is not a JSON object`);
  const manifest = json as Record<string, unknown>;
  for (const name of SECTION_NAMES) {
    if (typeof manifest[name] !== 'string' || !manifest[name]) {
      throw new Error(`${MANIFEST_URL} has no entry for the ${name} section`);
    }
  }
  const routes = (typeof manifest.routes === 'object' && manifest.routes) || {};
  return {
    entries: Object.fromEntries(SECTION_NAMES.map((name) => [name, manifest[name] as string])) as Record<
      SectionName,
      string
    >,
    routes: Object.fromEntries(
      SECTION_NAMES.flatMap((name) => {
        const patterns = (routes as Record<string, unknown>)[name];
        return isPatternList(patterns) ? [[name, patterns]] : [];
      }),
    ),
  };
}

/**
 * A section's routes from its own build (`routes.json` beside its `mf-manifest.json`): for a manifest
 * that does not carry them (a section's dev server, a release being checked). None when unreadable.
 */
async function routesBeside(name: SectionName, entry: string): Promise<string[]> {
  try {
    const response = await fetch(new URL(SECTION_ROUTES_FILE, new URL(entry, window.location.href)), {
      cache: 'no-cache',
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const { routes } = (await response.json()) as { routes?: unknown };
    const patterns = Array.isArray(routes) ? (routes as SectionRoute[]).map(routePattern) : null;
    if (!isPatternList(patterns)) throw new Error(`no list of routes`);
    return patterns;
  } catch (error) {
    console.error(`[shell] the routes of the ${name} section could not be read`, error);
    return [];
  }
}

let registration: Promise<void> | null = null;
let pluginRegistered = false;
/** The entry each section was registered with, as the manifest last said. */
const registered = new Map<SectionName, string>();

/** Reads the manifest, and the routes of any section it gives none for from that section's build. */
async function fetchManifest(): Promise<SiteManifest> {
  const response = await fetch(MANIFEST_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText || 'manifest unavailable'}`);
  const { entries, routes } = parseManifest(await response.json());
  const missing = SECTION_NAMES.filter((name) => !routes[name]);
  const read = await Promise.all(missing.map((name) => routesBeside(name, entries[name])));
  missing.forEach((name, index) => (routes[name] = read[index]));
  return { entries, routes };
}

/** Registers `sections` with the federation runtime at their manifest entries; `force` replaces a loaded one. */
function register({ entries: manifest }: SiteManifest, sections: readonly SectionName[]): void {
  const federation = getInstance();
  if (!federation) throw new Error('The Module Federation runtime is not initialised');
  if (!pluginRegistered) {
    federation.registerPlugins([sectionFallbackPlugin()]);
    pluginRegistered = true;
  }
  federation.registerRemotes(
    sections.map((name) => ({ name, entry: manifest[name] })),
    { force: true },
  );
  for (const name of sections) registered.set(name, manifest[name]);
}

/**
 * Fetches `/mfe-manifest.json` once, registers every remote with the federation runtime and routes by
 * the sections' routes it names.
 */
export function registerRemotes(): Promise<void> {
  registration ??= fetchManifest()
    .then((manifest) => {
      register(manifest, SECTION_NAMES);
      setRouteTable(manifest.routes);
    })
    .catch((error: unknown) => {
      registration = null; // a Retry fetches the manifest again
      throw error;
    });
  return registration;
}

/**
 * Reads the manifest again and, when it names another version of `name` than the one registered
 * (a release or a rollback since this page loaded: docs/adr/0229), registers that one in its place.
 * Answers whether it did, so the caller loads or mounts the section again.
 */
export async function refreshRemote(name: SectionName): Promise<boolean> {
  if (!registered.has(name)) return false;
  const manifest = await fetchManifest().catch(() => null);
  if (!manifest || manifest.entries[name] === registered.get(name)) return false;
  register(manifest, [name]);
  return true;
}

/**
 * Reads the manifest again for a path no section serves by the routes in hand: a section released
 * since this page loaded may serve it now. Registers the sections whose version changed, routes by the
 * new routes, and answers the sections to mount again.
 */
export async function refreshSections(): Promise<SectionName[]> {
  await registerRemotes();
  const manifest = await fetchManifest();
  const changed = SECTION_NAMES.filter((name) => manifest.entries[name] !== registered.get(name));
  register(manifest, changed);
  setRouteTable(manifest.routes);
  return changed;
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

/**
 * Loads a section's single-spa lifecycles (`<name>/app`); rejects when the remote is unreachable.
 * When it fails because the version this page knew is gone, the version the manifest names now loads
 * instead.
 */
export async function loadSection(name: SectionName): Promise<LifeCycles> {
  const load = () => loadRemoteModule<LifeCycles>(`${name}/app`);
  const loaded = await load().catch(async (error: unknown) => {
    if (await refreshRemote(name)) return load();
    throw error;
  });
  if (typeof loaded.mount !== 'function') throw new Error(`${name}/app exposes no single-spa lifecycles`);
  return loaded;
}
