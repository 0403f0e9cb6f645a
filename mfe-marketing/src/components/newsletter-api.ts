import type { NewsletterRequest, NewsletterResponse } from '@portal/contracts';
import { loadApi, type AppThunk } from '@portal/store';

type PortalApi = Awaited<ReturnType<typeof loadApi>>['api'];

const injectNewsletterEndpoint = (api: PortalApi) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      subscribeToNewsletter: build.mutation<NewsletterResponse, NewsletterRequest>({
        query: (body) => ({ url: '/newsletter', method: 'POST', body }),
      }),
    }),
  });

let newsletterApi: ReturnType<typeof injectNewsletterEndpoint> | undefined;

/**
 * `POST /api/newsletter` through the store's RTK Query api, which loads on the first subscription
 * (the blog itself never needs it). Resolves with the answer; rejects with the ApiError.
 */
export const subscribeToNewsletter =
  (request: NewsletterRequest): AppThunk<Promise<NewsletterResponse>> =>
  async (dispatch) => {
    const { api } = await loadApi();
    newsletterApi ??= injectNewsletterEndpoint(api);
    return dispatch(newsletterApi.endpoints.subscribeToNewsletter.initiate(request)).unwrap();
  };
