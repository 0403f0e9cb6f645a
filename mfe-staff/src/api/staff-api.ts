import type {
  CreateLeadNoteRequest,
  CreateRefundRequest,
  CreateRefundResponse,
  CustomerMatchResponse,
  DeflectionStats,
  IntegrationHealthResponse,
  LeadNote,
  LeadStatus,
  OrderStatus,
  RefundRequestStatus,
  StaffIntegrationListResponse,
  StaffLead,
  StaffLeadDetail,
  StaffLeadListResponse,
  StaffOpenTicketsResponse,
  StaffOrderDetail,
  StaffOrderListResponse,
  StaffOrganizationDetail,
  StaffOrganizationListResponse,
  StaffRefundRequest,
  StaffRefundRequestList,
  StaffReplyRequest,
  StaffReplyResponse,
  StaffTicket,
  StaffTicketDetail,
  StaffTicketListResponse,
  StaffUserLookupResponse,
  TicketAttachment,
  TicketPriority,
  TicketStatus,
  UpdateStaffTicketRequest,
} from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';
import { withQuery } from './query-string';

/** The queue's filters, as they stand in the page's address. */
export interface TicketQueueFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
  customerId?: string;
  organizationId?: string;
  /** A staff user's id, `me` or `none`. */
  assigneeId?: string;
  breaching?: 'true' | 'false';
}

export interface LeadFilters {
  status?: LeadStatus;
  q?: string;
}

export interface OrderFilters {
  status?: OrderStatus;
  organizationId?: string;
}

const page = <T>(filters: T, cursor: string | null) => ({ ...filters, cursor: cursor ?? undefined });

/**
 * The staff console's calls: support's queue, crm's leads and integrations' health, commerce's orders
 * and refunds, identity's organizations and accounts. Every route is `@StaffOnly()` on its service.
 * Lists are read a cursor page at a time (one query per page); a change invalidates what it touched.
 */
const staffApi = lazyApi((api) =>
  api
    .enhanceEndpoints({
      addTagTypes: [
        'StaffTickets',
        'StaffTicket',
        'StaffLeads',
        'StaffLead',
        'StaffOrders',
        'StaffOrder',
        'RefundRequests',
      ],
    })
    .injectEndpoints({
      endpoints: (build) => ({
        staffTickets: build.query<StaffTicketListResponse, TicketQueueFilters & { cursor: string | null }>({
          query: ({ cursor, ...filters }) => withQuery('/support/staff/tickets', page(filters, cursor)),
          providesTags: ['StaffTickets'],
        }),
        staffTicket: build.query<StaffTicketDetail, string>({
          query: (id) => `/support/staff/tickets/${encodeURIComponent(id)}`,
          providesTags: (_result, _error, id) => [{ type: 'StaffTicket', id }],
        }),
        updateStaffTicket: build.mutation<StaffTicket, { id: string; body: UpdateStaffTicketRequest }>({
          query: ({ id, body }) => ({
            url: `/support/staff/tickets/${encodeURIComponent(id)}`,
            method: 'PATCH',
            body,
          }),
          invalidatesTags: (_result, _error, { id }) => ['StaffTickets', { type: 'StaffTicket', id }],
        }),
        staffReply: build.mutation<StaffReplyResponse, { id: string; body: StaffReplyRequest }>({
          query: ({ id, body }) => ({
            url: `/support/staff/tickets/${encodeURIComponent(id)}/messages`,
            method: 'POST',
            body,
          }),
          invalidatesTags: (_result, _error, { id }) => ['StaffTickets', { type: 'StaffTicket', id }],
        }),
        /** A file's bytes, before the reply or note that names it in `attachmentIds` (415 for a type outside the allowlist). */
        uploadStaffAttachment: build.mutation<TicketAttachment, File>({
          query: (file) => ({
            url: withQuery('/support/staff/attachments', { name: file.name }),
            method: 'POST',
            body: file,
            headers: { 'Content-Type': 'application/octet-stream' },
          }),
        }),
        openTickets: build.query<StaffOpenTicketsResponse, void>({
          query: () => '/support/staff/open-tickets',
          providesTags: ['StaffTickets'],
        }),
        deflections: build.query<DeflectionStats, void>({ query: () => '/support/staff/deflections' }),
        staffUsers: build.query<StaffUserLookupResponse, readonly string[]>({
          query: (ids) => withQuery('/identity/staff/users', { id: ids }),
        }),
        leads: build.query<StaffLeadListResponse, LeadFilters & { cursor: string | null }>({
          query: ({ cursor, ...filters }) => withQuery('/crm/staff/leads', page(filters, cursor)),
          providesTags: ['StaffLeads'],
        }),
        lead: build.query<StaffLeadDetail, string>({
          query: (id) => `/crm/staff/leads/${encodeURIComponent(id)}`,
          providesTags: (_result, _error, id) => [{ type: 'StaffLead', id }],
        }),
        updateLead: build.mutation<StaffLead, { id: string; status: LeadStatus }>({
          query: ({ id, status }) => ({
            url: `/crm/staff/leads/${encodeURIComponent(id)}`,
            method: 'PATCH',
            body: { status },
          }),
          invalidatesTags: (_result, _error, { id }) => ['StaffLeads', { type: 'StaffLead', id }],
        }),
        addLeadNote: build.mutation<LeadNote, { id: string; body: CreateLeadNoteRequest }>({
          query: ({ id, body }) => ({
            url: `/crm/staff/leads/${encodeURIComponent(id)}/notes`,
            method: 'POST',
            body,
          }),
          invalidatesTags: (_result, _error, { id }) => ['StaffLeads', { type: 'StaffLead', id }],
        }),
        customersByEmail: build.query<CustomerMatchResponse, readonly string[]>({
          query: (emails) => withQuery('/identity/staff/customers', { email: emails }),
        }),
        staffOrders: build.query<StaffOrderListResponse, OrderFilters & { cursor: string | null }>({
          query: ({ cursor, ...filters }) => withQuery('/commerce/staff/orders', page(filters, cursor)),
          providesTags: ['StaffOrders'],
        }),
        staffOrder: build.query<StaffOrderDetail, string>({
          query: (id) => `/commerce/staff/orders/${encodeURIComponent(id)}`,
          providesTags: (_result, _error, id) => [{ type: 'StaffOrder', id }],
        }),
        refundOrder: build.mutation<
          CreateRefundResponse,
          { id: string; body: CreateRefundRequest; idempotencyKey: string }
        >({
          query: ({ id, body, idempotencyKey }) => ({
            url: `/commerce/staff/orders/${encodeURIComponent(id)}/refunds`,
            method: 'POST',
            body,
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
          invalidatesTags: (_result, _error, { id }) => ['StaffOrders', { type: 'StaffOrder', id }],
        }),
        /** Customers' money-back requests (ADR 0233): the undecided ones, oldest first, unless another status. */
        refundRequests: build.query<StaffRefundRequestList, RefundRequestStatus>({
          query: (status) => withQuery('/commerce/staff/refund-requests', { status }),
          providesTags: ['RefundRequests'],
        }),
        /** Approving refunds through Stripe: the order's refunds and payment change too. */
        approveRefundRequest: build.mutation<StaffRefundRequest, StaffRefundRequest>({
          query: (request) => ({
            url: `/commerce/staff/refund-requests/${encodeURIComponent(request.id)}/approve`,
            method: 'POST',
          }),
          invalidatesTags: (_result, _error, request) => [
            'RefundRequests',
            'StaffOrders',
            { type: 'StaffOrder', id: request.orderId },
          ],
        }),
        declineRefundRequest: build.mutation<StaffRefundRequest, { id: string; reason: string }>({
          query: ({ id, reason }) => ({
            url: `/commerce/staff/refund-requests/${encodeURIComponent(id)}/decline`,
            method: 'POST',
            body: { reason },
          }),
          invalidatesTags: ['RefundRequests'],
        }),
        organizations: build.query<StaffOrganizationListResponse, { q?: string; cursor: string | null }>({
          query: ({ cursor, q }) => withQuery('/identity/staff/organizations', page({ q }, cursor)),
        }),
        organization: build.query<StaffOrganizationDetail, string>({
          query: (id) => `/identity/staff/organizations/${encodeURIComponent(id)}`,
        }),
        integrationHealth: build.query<IntegrationHealthResponse, readonly string[]>({
          query: (ids) => withQuery('/crm/staff/integrations/health', { organizationId: ids }),
        }),
        organizationIntegrations: build.query<StaffIntegrationListResponse, string>({
          query: (organizationId) => withQuery('/crm/staff/integrations', { organizationId }),
        }),
      }),
    }),
);

/** The console's endpoints once RTK Query has loaded (thunks, tests). */
export const loadStaffApi = staffApi.load;

export const useStaffTicketsQuery = staffApi.hook('useStaffTicketsQuery');
export const useStaffTicketQuery = staffApi.hook('useStaffTicketQuery');
export const useUpdateStaffTicketMutation = staffApi.hook('useUpdateStaffTicketMutation');
export const useStaffReplyMutation = staffApi.hook('useStaffReplyMutation');
export const useUploadStaffAttachmentMutation = staffApi.hook('useUploadStaffAttachmentMutation');
export const useOpenTicketsQuery = staffApi.hook('useOpenTicketsQuery');
export const useDeflectionsQuery = staffApi.hook('useDeflectionsQuery');
export const useStaffUsersQuery = staffApi.hook('useStaffUsersQuery');
export const useLeadsQuery = staffApi.hook('useLeadsQuery');
export const useLeadQuery = staffApi.hook('useLeadQuery');
export const useUpdateLeadMutation = staffApi.hook('useUpdateLeadMutation');
export const useAddLeadNoteMutation = staffApi.hook('useAddLeadNoteMutation');
export const useCustomersByEmailQuery = staffApi.hook('useCustomersByEmailQuery');
export const useStaffOrdersQuery = staffApi.hook('useStaffOrdersQuery');
export const useStaffOrderQuery = staffApi.hook('useStaffOrderQuery');
export const useRefundOrderMutation = staffApi.hook('useRefundOrderMutation');
export const useRefundRequestsQuery = staffApi.hook('useRefundRequestsQuery');
export const useApproveRefundRequestMutation = staffApi.hook('useApproveRefundRequestMutation');
export const useDeclineRefundRequestMutation = staffApi.hook('useDeclineRefundRequestMutation');
export const useOrganizationsQuery = staffApi.hook('useOrganizationsQuery');
export const useOrganizationQuery = staffApi.hook('useOrganizationQuery');
export const useIntegrationHealthQuery = staffApi.hook('useIntegrationHealthQuery');
export const useOrganizationIntegrationsQuery = staffApi.hook('useOrganizationIntegrationsQuery');

/** The live stream says a ticket changed: the queue and that ticket (every ticket, without an id) are read again. */
export const ticketChanged =
  (ticketId?: string): AppThunk =>
  (dispatch) =>
    void staffApi
      .load()
      .then((api) =>
        dispatch(
          api.util.invalidateTags([
            'StaffTickets',
            ticketId ? { type: 'StaffTicket', id: ticketId } : 'StaffTicket',
          ]),
        ),
      );
