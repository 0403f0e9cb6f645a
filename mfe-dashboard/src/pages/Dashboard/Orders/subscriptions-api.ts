import type {
  CatalogPackage,
  ScheduleChangeRequest,
  Subscription,
  SubscriptionList,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

const subscriptionPath = (id: string) => `/user/subscriptions/${encodeURIComponent(id)}`;

/**
 * The Orders tab's subscriptions (commerce, ADR 0233): the organization's list, and its changes. Each
 * change answers the subscription as it stands, and reads the list again (`Subscriptions`); a money-back
 * refund also touches the order (`Orders`) once staff approve it. A checkout invalidates `Orders`, which
 * the list carries too, so a new purchase's subscriptions appear.
 */
const subscriptionsApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['Subscriptions'] }).injectEndpoints({
    endpoints: (build) => ({
      subscriptions: build.query<SubscriptionList, void>({
        query: () => '/user/subscriptions',
        providesTags: ['Subscriptions', 'Orders'],
      }),
      /** The packages on sale, for a change of plan. */
      catalog: build.query<CatalogPackage[], void>({ query: () => '/packages' }),
      scheduleChange: build.mutation<Subscription, { id: string; body: ScheduleChangeRequest }>({
        query: ({ id, body }) => ({ url: `${subscriptionPath(id)}/pending-change`, method: 'PUT', body }),
        invalidatesTags: ['Subscriptions'],
      }),
      undoChange: build.mutation<Subscription, string>({
        query: (id) => ({ url: `${subscriptionPath(id)}/pending-change`, method: 'DELETE' }),
        invalidatesTags: ['Subscriptions'],
      }),
      cancelSubscription: build.mutation<Subscription, string>({
        query: (id) => ({ url: `${subscriptionPath(id)}/cancellation`, method: 'POST' }),
        invalidatesTags: ['Subscriptions'],
      }),
      requestRefund: build.mutation<Subscription, { id: string; reason: string }>({
        query: ({ id, reason }) => ({
          url: `${subscriptionPath(id)}/refund-request`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: ['Subscriptions'],
      }),
    }),
  }),
);

export const loadSubscriptionsApi = subscriptionsApi.load;
export const useSubscriptionsQuery = subscriptionsApi.hook('useSubscriptionsQuery');
export const useCatalogQuery = subscriptionsApi.hook('useCatalogQuery');
export const useScheduleChangeMutation = subscriptionsApi.hook('useScheduleChangeMutation');
export const useUndoChangeMutation = subscriptionsApi.hook('useUndoChangeMutation');
export const useCancelSubscriptionMutation = subscriptionsApi.hook('useCancelSubscriptionMutation');
export const useRequestRefundMutation = subscriptionsApi.hook('useRequestRefundMutation');
