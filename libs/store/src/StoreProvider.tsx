import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { type PortalStore, store as pageStore } from './store';

/**
 * Gives a section's tree the page's one store (or a test's own). Sections take react-redux only
 * through this library, so one copy of it (inside this shared module) serves the whole page.
 */
export function StoreProvider({ store = pageStore, children }: { store?: PortalStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
