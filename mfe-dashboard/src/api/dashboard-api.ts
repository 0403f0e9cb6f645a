import type {
  BookKickoffRequest,
  CreateIntegrationRequest,
  CreateIntegrationResponse,
  CreateTicketRequest,
  Integration,
  IntegrationsSummary,
  KickoffResponse,
  KpiRangeQuery,
  MetricsResponse,
  Order,
  Ticket,
} from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';

/**
 * The dashboard's calls: orders, integrations (and their counts), tickets, metrics and the kickoff call. Lists are tagged so a create or
 * delete refetches its list (orders: a checkout, in the checkout section); metrics are refetched when
 * the live stream reports a new one (no polling, so an idle dashboard costs the services nothing).
 */
const dashboardApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['Integrations', 'Tickets', 'Metrics', 'Kickoff'] }).injectEndpoints({
    endpoints: (build) => ({
      orders: build.query<Order[], void>({ query: () => '/user/orders', providesTags: ['Orders'] }),
      integrations: build.query<Integration[], void>({
        query: () => '/crm/integrations',
        providesTags: ['Integrations'],
      }),
      integrationsSummary: build.query<IntegrationsSummary, void>({
        query: () => '/crm/integrations/summary',
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
      // No range: the last 30 days (the Overview's cards and the KPI tab's default share one entry).
      metrics: build.query<MetricsResponse, KpiRangeQuery | void>({
        query: (range) => ({ url: '/kpi/metrics', params: range ?? undefined }),
        providesTags: ['Metrics'],
      }),
      /** The range's daily rows as CSV text (the KPI tab's 'Export CSV'); an error's JSON stays JSON for its message. */
      exportMetrics: build.mutation<string, KpiRangeQuery>({
        query: (range) => ({ url: '/kpi/metrics/export', params: range, responseHandler: 'content-type' }),
      }),
      kickoff: build.query<KickoffResponse, void>({ query: () => '/crm/kickoff', providesTags: ['Kickoff'] }),
      bookKickoff: build.mutation<KickoffResponse, BookKickoffRequest>({
        query: (body) => ({ url: '/crm/kickoff', method: 'POST', body }),
        invalidatesTags: ['Kickoff'],
      }),
    }),
  }),
);

/** The dashboard endpoints, once RTK Query (a chunk of its own) has loaded (tests load it up front). */
export const loadDashboardApi = dashboardApi.load;

export const useOrdersQuery = dashboardApi.hook('useOrdersQuery');
export const useIntegrationsQuery = dashboardApi.hook('useIntegrationsQuery');
export const useIntegrationsSummaryQuery = dashboardApi.hook('useIntegrationsSummaryQuery');
export const useCreateIntegrationMutation = dashboardApi.hook('useCreateIntegrationMutation');
export const useDeleteIntegrationMutation = dashboardApi.hook('useDeleteIntegrationMutation');
export const useTicketsQuery = dashboardApi.hook('useTicketsQuery');
export const useCreateTicketMutation = dashboardApi.hook('useCreateTicketMutation');
export const useMetricsQuery = dashboardApi.hook('useMetricsQuery');
export const useExportMetricsMutation = dashboardApi.hook('useExportMetricsMutation');
export const useKickoffQuery = dashboardApi.hook('useKickoffQuery');
export const useBookKickoffMutation = dashboardApi.hook('useBookKickoffMutation');

/** A metric was recorded (the live stream says so): the metrics query reads them again. */
export const metricsChanged = (): AppThunk => (dispatch) =>
  void dashboardApi.load().then((api) => dispatch(api.util.invalidateTags(['Metrics'])));
