import type {
  ApiKey,
  CallbackSigningSecret,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  RollApiKeyRequest,
  RollApiKeyResponse,
  UpdateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

/** Where a page of an endpoint's delivery log starts: null for the newest, else the previous page's `nextCursor`. */
type PageCursor = string | null;

const keyPath = (id: string) => `/developers/keys/${encodeURIComponent(id)}`;
const endpointPath = (id: string) => `/developers/webhooks/${encodeURIComponent(id)}`;
/** Whose delivery log: an endpoint's id, or null for the tickets' callbacks. */
type LogOf = string | null;
const logPath = (id: LogOf) => (id === null ? '/developers/callbacks' : endpointPath(id));
const logTag = (id: LogOf) => ({ type: 'WebhookDeliveries' as const, id: id ?? 'callbacks' });

/**
 * The Developers tab's calls: the organization's API keys (identity, `/api/developers/keys`), its
 * outbound webhook endpoints with their delivery logs (crm, `/api/developers/webhooks`), and its
 * tickets' callbacks: their signing secret and log (crm, `/api/developers/callbacks`). A key's secret
 * and a signing secret come back in a mutation's answer (revealing the callbacks' one too): the
 * components reset those requests so the secrets never stay in the store.
 */
const developersApi = lazyApi((api) =>
  api
    .enhanceEndpoints({ addTagTypes: ['ApiKeys', 'WebhookEndpoints', 'WebhookDeliveries'] })
    .injectEndpoints({
      endpoints: (build) => ({
        apiKeys: build.query<ApiKey[], void>({ query: () => '/developers/keys', providesTags: ['ApiKeys'] }),
        createApiKey: build.mutation<CreatedApiKey, CreateApiKeyRequest>({
          query: (body) => ({ url: '/developers/keys', method: 'POST', body }),
          invalidatesTags: ['ApiKeys'],
        }),
        rollApiKey: build.mutation<RollApiKeyResponse, RollApiKeyRequest & { id: string }>({
          query: ({ id, graceHours }) => ({
            url: `${keyPath(id)}/roll`,
            method: 'POST',
            body: { graceHours },
          }),
          invalidatesTags: ['ApiKeys'],
        }),
        revokeApiKey: build.mutation<ApiKey, string>({
          query: (id) => ({ url: keyPath(id), method: 'DELETE' }),
          invalidatesTags: ['ApiKeys'],
        }),
        webhookEndpoints: build.query<WebhookEndpoint[], void>({
          query: () => '/developers/webhooks',
          providesTags: ['WebhookEndpoints'],
        }),
        createWebhookEndpoint: build.mutation<CreatedWebhookEndpoint, CreateWebhookEndpointRequest>({
          query: (body) => ({ url: '/developers/webhooks', method: 'POST', body }),
          invalidatesTags: ['WebhookEndpoints'],
        }),
        updateWebhookEndpoint: build.mutation<WebhookEndpoint, UpdateWebhookEndpointRequest & { id: string }>(
          {
            query: ({ id, ...body }) => ({ url: endpointPath(id), method: 'PATCH', body }),
            invalidatesTags: ['WebhookEndpoints'],
          },
        ),
        deleteWebhookEndpoint: build.mutation<void, string>({
          query: (id) => ({ url: endpointPath(id), method: 'DELETE' }),
          invalidatesTags: ['WebhookEndpoints'],
        }),
        /** An endpoint's (or the callbacks') deliveries, newest first, a page at a time ('Show more' adds the next). */
        webhookDeliveries: build.infiniteQuery<WebhookDeliveryPage, LogOf, PageCursor>({
          infiniteQueryOptions: {
            initialPageParam: null,
            getNextPageParam: (lastPage) => lastPage.nextCursor,
          },
          query: ({ queryArg: id, pageParam }) => ({
            url: `${logPath(id)}/deliveries`,
            params: pageParam ? { before: pageParam } : undefined,
          }),
          providesTags: (_result, _error, id) => [logTag(id)],
        }),
        sendTestWebhook: build.mutation<WebhookDelivery, string>({
          query: (id) => ({ url: `${endpointPath(id)}/test`, method: 'POST' }),
          invalidatesTags: (_result, _error, id) => [{ type: 'WebhookDeliveries', id }],
        }),
        resendWebhookDelivery: build.mutation<WebhookDelivery, { endpointId: LogOf; deliveryId: string }>({
          query: ({ endpointId, deliveryId }) => ({
            url: `${logPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
            method: 'POST',
          }),
          invalidatesTags: (_result, _error, { endpointId }) => [logTag(endpointId)],
        }),
        /** The callbacks' signing secret, made by crm on first need: a mutation, so it is not cached. */
        revealCallbackSecret: build.mutation<CallbackSigningSecret, void>({
          query: () => ({ url: '/developers/callbacks/secret', method: 'GET' }),
        }),
        rollCallbackSecret: build.mutation<CallbackSigningSecret, void>({
          query: () => ({ url: '/developers/callbacks/secret/roll', method: 'POST' }),
        }),
      }),
    }),
);

/** The Developers endpoints, once RTK Query (a chunk of its own) has loaded (tests load it up front). */
export const loadDevelopersApi = developersApi.load;
export const useApiKeysQuery = developersApi.hook('useApiKeysQuery');
export const useCreateApiKeyMutation = developersApi.hook('useCreateApiKeyMutation');
export const useRollApiKeyMutation = developersApi.hook('useRollApiKeyMutation');
export const useRevokeApiKeyMutation = developersApi.hook('useRevokeApiKeyMutation');
export const useWebhookEndpointsQuery = developersApi.hook('useWebhookEndpointsQuery');
export const useCreateWebhookEndpointMutation = developersApi.hook('useCreateWebhookEndpointMutation');
export const useUpdateWebhookEndpointMutation = developersApi.hook('useUpdateWebhookEndpointMutation');
export const useDeleteWebhookEndpointMutation = developersApi.hook('useDeleteWebhookEndpointMutation');
export const useWebhookDeliveriesInfiniteQuery = developersApi.hook('useWebhookDeliveriesInfiniteQuery');
export const useSendTestWebhookMutation = developersApi.hook('useSendTestWebhookMutation');
export const useResendWebhookDeliveryMutation = developersApi.hook('useResendWebhookDeliveryMutation');
export const useRevealCallbackSecretMutation = developersApi.hook('useRevealCallbackSecretMutation');
export const useRollCallbackSecretMutation = developersApi.hook('useRollCallbackSecretMutation');
