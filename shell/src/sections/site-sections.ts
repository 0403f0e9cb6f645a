import { registerApplication, triggerAppChange, unloadApplication } from 'single-spa';
import { SECTION_NAMES } from '@portal/contracts';
import { loadSection, refreshSections, registerRemotes } from '../federation/remotes';
import { staffConsoleAllowed } from '../staff-access';
import { removeStalePrerendered } from './prerendered';
import { routeTableFailed, routeTableState, sectionAt } from './route-table';
import { sectionApplication, type SectionProps } from './section-application';

const slot = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html lacks #${id}`);
  return element;
};

let registered = false;

/** Registers the four sections with single-spa, each active on the routes the manifest gives it. */
function registerSections(): void {
  if (registered) return;
  registered = true;
  for (const name of SECTION_NAMES) {
    const section = sectionApplication(name, {
      load: () => loadSection(name),
      showError: (element, details) =>
        import('./show-section-error').then(({ showSectionError }) => showSectionError(element, details)),
    });
    registerApplication<SectionProps>({
      name,
      // The remote downloads in single-spa's loading phase, so its mount only renders.
      app: section.load,
      activeWhen: (location) =>
        sectionAt(location.pathname) === name && (name !== 'staff' || staffConsoleAllowed()),
      customProps: { domElementGetter: () => slot(`section-${name}`) },
    });
  }
  // The visitor may move on before the section of the served page has downloaded, let alone mounted.
  const removeStaleCopies = () => {
    const section = sectionAt(window.location.pathname);
    if (section !== undefined) removeStalePrerendered(section);
  };
  removeStaleCopies();
  window.addEventListener('single-spa:before-routing-event', removeStaleCopies);
}

/**
 * Reads the manifest (where each section's code is, and its routes) and registers the sections; when
 * it cannot be read, the chrome says so and its Retry calls this again.
 */
export function startSections(): Promise<void> {
  return registerRemotes().then(registerSections, (error: unknown) => {
    console.error('[shell] the site manifest could not be read', error);
    routeTableFailed();
  });
}

/** How old the routes in hand must be before a path they lack is worth asking the manifest about. */
const FRESH_ROUTES_MS = 5_000;
const checked = new Set<string>();
const inFlight = new Set<string>();

const checkKey = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '');

/** Whether a path the routes in hand lack is worth asking the manifest about again (checkUnknownPath). */
export function worthChecking(pathname: string): boolean {
  const state = routeTableState();
  return (
    state.status === 'ready' &&
    Date.now() - state.readAt >= FRESH_ROUTES_MS &&
    !checked.has(checkKey(pathname))
  );
}

/**
 * A path no section serves by the routes in hand: when they are not fresh, reads the manifest again
 * (once per path), since a section released since may serve it; the sections whose version changed
 * mount again on it. Resolves once the routes are as current as they get.
 */
export async function checkUnknownPath(pathname: string): Promise<void> {
  if (!worthChecking(pathname)) return;
  const key = checkKey(pathname);
  checked.add(key);
  inFlight.add(key);
  try {
    const changed = await refreshSections();
    await Promise.all(changed.map((name) => unloadApplication(name)));
    await triggerAppChange();
  } catch (error) {
    console.error('[shell] the site manifest could not be read again', error);
  } finally {
    inFlight.delete(key);
  }
}

/** Whether the manifest is being read again for this path (its 404 waits for the answer). */
export const checkingPath = (pathname: string) => inFlight.has(checkKey(pathname));
