import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/**
 * Fired by `navigate()` after it changes the address. single-spa answers its own history calls with
 * popstate, but a `replaceState` to the same path (a new hash) and tests without single-spa would go
 * unnoticed otherwise.
 */
export const LOCATION_CHANGE_EVENT = 'portal:location-change';

const LOCATION_EVENTS = ['popstate', 'hashchange', 'single-spa:routing-event', LOCATION_CHANGE_EVENT];

function subscribe(onChange: () => void): () => void {
  for (const name of LOCATION_EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of LOCATION_EVENTS) window.removeEventListener(name, onChange);
  };
}

/** The current path, updated on every client-side navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The current `#hash` (with its `#`, or empty), updated as it changes. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/** The current `?query` (with its `?`, or empty), updated as it changes. */
export function useLocationSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search);
}

export type RouteParams = Readonly<Record<string, string>>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The parameters of `pattern` (e.g. `/blog/:slug`) in `pathname`, or null when it does not match.
 * Fixed segments compare case-insensitively and a trailing slash is ignored, as React Router does.
 */
export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null; // A malformed escape (`%E0%A4%A`) matches nothing.
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

const RouteParamsContext = createContext<RouteParams>({});

/** The parameters of the route being rendered (`{ slug }` for `/blog/:slug`). */
export function useRouteParams(): RouteParams {
  return useContext(RouteParamsContext);
}

export interface SectionRoute {
  path: string;
  element: ReactNode;
}

/**
 * A section's routes: renders the first whose path matches the address, or nothing when none does
 * (single-spa has already chosen the section by path; another section owns the rest).
 */
export function SectionRoutes({ routes }: { routes: readonly SectionRoute[] }) {
  const pathname = usePathname();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params)
      return <RouteParamsContext.Provider value={params}>{route.element}</RouteParamsContext.Provider>;
  }
  return null;
}
