import { useCallback } from 'react';
import type { NewsletterRequest, NewsletterResponse } from '@portal/contracts';
import { lazyApi, useAppDispatch } from '@portal/store';

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
 * ApiError). Unlike the mutation hook it does not suspend: RTK Query loads on the first subscription,
 * so the blog page never waits for it.
 */
export function useSubscribeToNewsletter(): (request: NewsletterRequest) => Promise<NewsletterResponse> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (request) => {
      const { endpoints } = await newsletterApi.load();
      return dispatch(endpoints.subscribeToNewsletter.initiate(request)).unwrap();
    },
    [dispatch],
  );
}
