import { use } from 'react';
import type {
  CreateIntegrationRequest,
  CreateIntegrationResponse,
  CreateTicketRequest,
  Integration,
  MetricsResponse,
  Order,
  Ticket,
} from '@portal/contracts';
import { loadApi } from '@portal/store';

type PortalApi = Awaited<ReturnType<typeof loadApi>>['api'];

/**
 * The dashboard's calls: orders, integrations, tickets and metrics. Lists are tagged so a create or
 * delete refetches its list (orders: a checkout, in the checkout section); metrics are refetched when
 * the live stream reports a new one (no polling, so an idle dashboard costs the services nothing).
 */
const injectDashboard = (api: PortalApi) =>
  api.enhanceEndpoints({ addTagTypes: ['Integrations', 'Tickets', 'Metrics'] }).injectEndpoints({
    endpoints: (build) => ({
      orders: build.query<Order[], void>({ query: () => '/user/orders', providesTags: ['Orders'] }),
      integrations: build.query<Integration[], void>({
        query: () => '/crm/integrations',
        providesTags: ['Integrations'],
      }),
      createIntegration: build.mutation<CreateIntegrationResponse, CreateIntegrationRequest>({
        query: (body) => ({ url: '/crm/integrations', method: 'POST', body }),
        invalidatesTags: ['Integrations'],
      }),
      deleteIntegration: build.mutation<void, string>({
        query: (id) => ({ url: `/crm/integrations/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['Integrations'],
      }),
      tickets: build.query<Ticket[], void>({ query: () => '/support/tickets', providesTags: ['Tickets'] }),
      createTicket: build.mutation<Ticket, CreateTicketRequest>({
        query: (body) => ({ url: '/support/tickets', method: 'POST', body }),
        invalidatesTags: ['Tickets'],
      }),
      metrics: build.query<MetricsResponse, void>({ query: () => '/kpi/metrics', providesTags: ['Metrics'] }),
    }),
  });

export type DashboardApi = ReturnType<typeof injectDashboard>;
type TrackedPromise = Promise<DashboardApi> & { status?: 'fulfilled'; value?: DashboardApi };
let loading: TrackedPromise | undefined;

/** The store's api with the dashboard endpoints, once RTK Query (a chunk of its own) has loaded. */
export function loadDashboardApi(): Promise<DashboardApi> {
  if (!loading) {
    const promise: TrackedPromise = loadApi().then(({ api }) => {
      const dashboard = injectDashboard(api);
      // Marked the way React's `use` marks a settled promise, so later renders do not suspend.
      Object.assign(promise, { status: 'fulfilled', value: dashboard });
      return dashboard;
    });
    loading = promise;
  }
  return loading;
}

/** The dashboard endpoints inside a component: suspends until RTK Query has loaded. */
export const useDashboardApi = (): DashboardApi => use(loadDashboardApi());
