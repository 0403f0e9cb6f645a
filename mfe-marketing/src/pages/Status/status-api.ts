import type { StatusMessageResponse, StatusPage, StatusSubscribeRequest } from '@portal/contracts';
import { lazyApi } from '@portal/store';

/**
 * The public status page's API (support's `/api/status`, ADR 0235): the page's figures, the subscribe
 * form, and the mails' confirm and unsubscribe links.
 */
const statusApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      servicesStatus: build.query<StatusPage, void>({ query: () => '/status' }),
      subscribeToStatus: build.mutation<StatusMessageResponse, StatusSubscribeRequest>({
        query: (body) => ({ url: '/status/subscriptions', method: 'POST', body }),
      }),
      statusSubscriptionLink: build.mutation<
        StatusMessageResponse,
        { action: 'confirm' | 'unsubscribe'; token: string }
      >({
        query: ({ action, token }) => ({
          url: `/status/subscriptions/${action}`,
          method: 'POST',
          body: { token },
        }),
      }),
    }),
  }),
);

export const loadStatusApi = statusApi.load;
export const useServicesStatusQuery = statusApi.hook('useServicesStatusQuery');
export const useSubscribeToStatusMutation = statusApi.hook('useSubscribeToStatusMutation');
export const useStatusSubscriptionLinkMutation = statusApi.hook('useStatusSubscriptionLinkMutation');
