import { routeMatcher, type RouteMatcher, type RouteTable, type SectionName } from '@portal/contracts';

/**
 * The routes of the released sections (docs/adr/0231-sections-own-their-routes.md), as the last
 * `/mfe-manifest.json` said: which section the root config mounts at a path, and where the chrome
 * shows its not-found page. Unknown until the manifest first arrives; `failed` when it could not be read.
 */
export type RouteTableState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; matcher: RouteMatcher; readAt: number };

let state: RouteTableState = { status: 'loading' };
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export const routeTableState = (): RouteTableState => state;

export function subscribeToRouteTable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setRouteTable(table: RouteTable): void {
  state = { status: 'ready', matcher: routeMatcher(table), readAt: Date.now() };
  notify();
}

export function routeTableFailed(): void {
  if (state.status === 'ready') return; // a table in hand still routes
  state = { status: 'failed' };
  notify();
}

/** The section serving `pathname`: null where none does, undefined while the routes are not known. */
export function sectionAt(pathname: string): SectionName | null | undefined {
  return state.status === 'ready' ? state.matcher.sectionFor(pathname) : undefined;
}
