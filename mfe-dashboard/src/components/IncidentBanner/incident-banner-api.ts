import type { StatusPage } from '@portal/contracts';
import { lazyApi } from '@portal/store';

/** The public status page's figures (support's `GET /api/status`, ADR 0235), read for its open incidents. */
const incidentBannerApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      platformStatus: build.query<StatusPage, void>({ query: () => '/status' }),
    }),
  }),
);

export const loadIncidentBannerApi = incidentBannerApi.load;
export const usePlatformStatusQuery = incidentBannerApi.hook('usePlatformStatusQuery');
