import { lazy, use, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { LoadAttemptContext } from './load-attempt';

type PageModule<Props> = { default: ComponentType<Props> };

export interface LazyPage<Props = object> {
  /**
   * Renders the page; suspends while its module loads, unless it has been loaded already. A failed
   * load throws to the nearest error boundary; its Retry (`SectionErrorBoundary`) loads it again.
   */
  Page: ComponentType<Props>;
  /** Loads the page's module (once; again after a failure). */
  preload: () => Promise<void>;
}

/**
 * A page (or any component) loaded on demand, like `React.lazy`, that can also be loaded before it
 * renders: the section loads the page at the address before its first render, so the prerendered
 * HTML is replaced by the page itself and never by a loading state. Unlike `React.lazy`, which keeps a
 * failed import for good, a failure is forgotten: an error boundary's Retry asks for the chunk again.
 */
export function lazyPage<Props extends object = object>(
  load: () => Promise<PageModule<Props>>,
): LazyPage<Props> {
  let loaded: PageModule<Props> | undefined;
  let loading: Promise<PageModule<Props>> | undefined;
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // React.lazy keeps a failed import for good, which is what React's own re-renders after the failure
  // must see (else they would load again, in a loop); a Retry's new attempt gets a new one.
  let current: { attempt: number; Lazy: LazyExoticComponent<ComponentType<Props>> } | undefined;
  const lazyFor = (attempt: number) => {
    if (!current || (current.attempt !== attempt && !loaded)) {
      current = {
        attempt,
        Lazy: lazy(() => {
          const module = loaded;
          if (!module) return fetchModule();
          // React.lazy suspends on a promise even when it has settled; a module already here is handed
          // over through a thenable that answers at once, which React.lazy takes without suspending.
          return {
            then: (resolve: (value: PageModule<Props>) => void) => resolve(module),
          } as unknown as Promise<PageModule<Props>>;
        }),
      };
    }
    return current.Lazy;
  };
  function Page(props: Props) {
    const Lazy = lazyFor(use(LoadAttemptContext));
    return <Lazy {...props} />;
  }
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
