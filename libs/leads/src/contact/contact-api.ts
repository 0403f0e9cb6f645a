import type { ContactRequest, ContactResponse } from '@portal/contracts';
import { lazyApi } from '@portal/store';

const contactApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      sendContactMessage: build.mutation<ContactResponse, ContactRequest>({
        query: (body) => ({ url: '/contact', method: 'POST', body }),
      }),
    }),
    // The shell and the marketing section each bundle this library, so each injects it once.
    overrideExisting: true,
  }),
);

/** `POST /api/contact` as an RTK Query mutation; suspends until RTK Query is loaded. */
export const useSendContactMessageMutation = contactApi.hook('useSendContactMessageMutation');
