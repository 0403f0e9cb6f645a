import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

type PageModule = { default: ComponentType };

export interface LazyPage {
  /** Renders the page; suspends while its module loads, unless it has been loaded already. */
  Page: ComponentType;
  /** Loads the page's module (once; again after a failure). */
  preload: () => Promise<void>;
}

/**
 * A page loaded on demand, like `React.lazy`, that can also be loaded before it renders: the section
 * loads the page at the address before its first render, so the prerendered HTML is replaced by the
 * page itself and never by a loading state.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React.lazy suspends on a promise even when it has settled; a module already here is handed over
  // through a thenable that answers at once, which React.lazy takes without suspending.
  const Page = lazy(() => {
    const module = loaded;
    if (!module) return fetchModule();
    return {
      then: (resolve: (value: PageModule) => void) => resolve(module),
    } as unknown as Promise<PageModule>;
  });
  return {
    Page,
    preload: async () => {
      await fetchModule();
    },
  };
}

/** A section's pages by route-table path; a page the section draws at once has no `preload`. */
export type SectionPageModules<Path extends string> = Record<
  Path,
  { Page: ComponentType; preload?: () => Promise<void> }
>;

/**
 * Loads the module of the page at `pathname`, before the section's first render (nothing to load for
 * a page drawn at once, or for another section's path).
 */
export async function preloadPageAt<Path extends string>(
  pages: SectionPageModules<Path>,
  pathname: string,
): Promise<void> {
  const path = (Object.keys(pages) as Path[]).find((pattern) => matchPath(pattern, pathname));
  if (path) await pages[path].preload?.();
}
