import type { NewsletterRequest, NewsletterResponse } from '@portal/contracts';
import { lazyApi } from '@portal/store';

const newsletterApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      subscribeToNewsletter: build.mutation<NewsletterResponse, NewsletterRequest>({
        query: (body) => ({ url: '/newsletter', method: 'POST', body }),
      }),
    }),
  }),
);

/**
 * `POST /api/newsletter`: the function sends it and resolves with the answer (rejects with the
 * ApiError). RTK Query loads on the first subscription: the blog itself never needs it.
 */
export const useSubscribeToNewsletter = newsletterApi.sender('subscribeToNewsletter');
