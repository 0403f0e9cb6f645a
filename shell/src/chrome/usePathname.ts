import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  // single-spa answers every pushState with popstate, then fires its routing event when done.
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

/** The current path, updated on every client-side navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
