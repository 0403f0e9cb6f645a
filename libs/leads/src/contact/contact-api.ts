import { use } from 'react';
import type { ContactRequest, ContactResponse } from '@portal/contracts';
import { loadApi } from '@portal/store';

type PortalApi = Awaited<ReturnType<typeof loadApi>>['api'];

const withContactEndpoint = (api: PortalApi) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      sendContactMessage: build.mutation<ContactResponse, ContactRequest>({
        query: (body) => ({ url: '/contact', method: 'POST', body }),
      }),
    }),
    // The shell and the marketing section each bundle this library, so each injects it once.
    overrideExisting: true,
  });

let contactApi: ReturnType<typeof withContactEndpoint> | null = null;

/** Injects the endpoint into the one api the first time it is needed. */
const contactApiOf = (api: PortalApi) => (contactApi ??= withContactEndpoint(api));

/** `POST /api/contact` as an RTK Query mutation; suspends until RTK Query is loaded. */
export const useSendContactMessageMutation = () =>
  contactApiOf(use(loadApi()).api).useSendContactMessageMutation();
