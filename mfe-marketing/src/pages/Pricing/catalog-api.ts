import { use } from 'react';
import type { CatalogPackage } from '@portal/contracts';
import { loadApi } from '@portal/store';

type PortalApi = Awaited<ReturnType<typeof loadApi>>['api'];

const injectCatalog = (api: PortalApi) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      /** The active packages (commerce service); prices are decimal strings such as "1499.00". */
      packages: build.query<CatalogPackage[], void>({ query: () => '/packages' }),
    }),
  });

type CatalogApi = ReturnType<typeof injectCatalog>;
type TrackedPromise = Promise<CatalogApi> & { status?: 'fulfilled'; value?: CatalogApi };
let loading: TrackedPromise | undefined;

/** The store's api with the catalog endpoint, once RTK Query (a chunk of its own) has loaded. */
export function loadCatalogApi(): Promise<CatalogApi> {
  if (!loading) {
    const promise: TrackedPromise = loadApi().then(({ api }) => {
      const catalog = injectCatalog(api);
      // Marked the way React's `use` marks a settled promise, so later renders do not suspend.
      Object.assign(promise, { status: 'fulfilled', value: catalog });
      return catalog;
    });
    loading = promise;
  }
  return loading;
}

/** The catalog's packages: suspends until RTK Query has loaded, then queries once (no retries). */
export const usePackagesQuery = () => use(loadCatalogApi()).usePackagesQuery();
