import type { CatalogPackage } from '@portal/contracts';
import { lazyApi } from '@portal/store';

const catalogApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      /** The active packages (commerce service); prices are decimal strings such as "1499.00". */
      packages: build.query<CatalogPackage[], void>({ query: () => '/packages' }),
    }),
  }),
);

/** The catalog endpoint, once RTK Query (a chunk of its own) has loaded (tests load it up front). */
export const loadCatalogApi = catalogApi.load;

/** The catalog's packages: suspends until RTK Query has loaded, then queries once (no retries). */
export const usePackagesQuery = catalogApi.hook('usePackagesQuery');
