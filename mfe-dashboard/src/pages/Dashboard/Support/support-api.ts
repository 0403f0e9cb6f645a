import type {
  CustomerTicket,
  CustomerTicketPage,
  DeflectionRequest,
  ReplyRequest,
  ReplyResponse,
  TicketAttachment,
  TicketMessagesResponse,
  UnreadTicketsResponse,
} from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';

/** Where a page of the ticket list starts: null for the first page, else the previous page's `nextCursor`. */
type PageCursor = string | null;

const ticketPath = (id: string) => `/support/tickets/${encodeURIComponent(id)}`;

/**
 * The Support tab's calls (support service): the organization's tickets a page at a time with the
 * cursor, how many have a staff reply the member has not read, one ticket with its thread, reply
 * (with uploads), close, reopen, mark read, and the deflection of a new ticket by a help-center
 * article. `Tickets` is the list (a new ticket, dashboard-api's, refetches it too), `Ticket` one ticket
 * and its thread by id.
 */
const supportApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['Tickets', 'Ticket', 'UnreadTickets'] }).injectEndpoints({
    endpoints: (build) => ({
      ticketPages: build.infiniteQuery<CustomerTicketPage, void, PageCursor>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ pageParam }) =>
          pageParam
            ? `/support/tickets/page?cursor=${encodeURIComponent(pageParam)}`
            : '/support/tickets/page',
        providesTags: ['Tickets'],
      }),
      unreadTickets: build.query<UnreadTicketsResponse, void>({
        query: () => '/support/tickets/unread',
        providesTags: ['UnreadTickets'],
      }),
      ticket: build.query<CustomerTicket, string>({
        query: (id) => ticketPath(id),
        providesTags: (_result, _error, id) => [{ type: 'Ticket', id }],
      }),
      ticketMessages: build.query<TicketMessagesResponse, string>({
        query: (id) => `${ticketPath(id)}/messages`,
        providesTags: (_result, _error, id) => [{ type: 'Ticket', id }],
      }),
      reply: build.mutation<ReplyResponse, ReplyRequest & { ticketId: string }>({
        query: ({ ticketId, ...body }) => ({ url: `${ticketPath(ticketId)}/messages`, method: 'POST', body }),
        invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'Ticket', id: ticketId }, 'Tickets'],
      }),
      closeTicket: build.mutation<CustomerTicket, string>({
        query: (id) => ({ url: `${ticketPath(id)}/close`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [{ type: 'Ticket', id }, 'Tickets'],
      }),
      reopenTicket: build.mutation<CustomerTicket, string>({
        query: (id) => ({ url: `${ticketPath(id)}/reopen`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => [{ type: 'Ticket', id }, 'Tickets'],
      }),
      markTicketRead: build.mutation<void, string>({
        query: (id) => ({ url: `${ticketPath(id)}/read`, method: 'POST' }),
        // The ticket too: read again it says `unread: false`, so the next staff reply (true again) is
        // marked read in turn while the page stays open.
        invalidatesTags: (_result, _error, id) => ['UnreadTickets', 'Tickets', { type: 'Ticket', id }],
      }),
      uploadAttachment: build.mutation<TicketAttachment, File>({
        query: (file) => ({
          url: `/support/attachments?name=${encodeURIComponent(file.name)}`,
          method: 'POST',
          body: file,
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
      }),
      deflect: build.mutation<{ counted: true }, DeflectionRequest>({
        query: (body) => ({ url: '/support/deflections', method: 'POST', body }),
      }),
    }),
  }),
);

/** The endpoints, once RTK Query has loaded (tests load it up front). */
export const loadSupportApi = supportApi.load;

export const useTicketPagesInfiniteQuery = supportApi.hook('useTicketPagesInfiniteQuery');
export const useUnreadTicketsQuery = supportApi.hook('useUnreadTicketsQuery');
export const useTicketQuery = supportApi.hook('useTicketQuery');
export const useTicketMessagesQuery = supportApi.hook('useTicketMessagesQuery');
export const useReplyMutation = supportApi.hook('useReplyMutation');
export const useCloseTicketMutation = supportApi.hook('useCloseTicketMutation');
export const useReopenTicketMutation = supportApi.hook('useReopenTicketMutation');
export const useMarkTicketReadMutation = supportApi.hook('useMarkTicketReadMutation');
export const useUploadAttachmentMutation = supportApi.hook('useUploadAttachmentMutation');
export const useDeflectMutation = supportApi.hook('useDeflectMutation');

/**
 * A ticket changed (the live stream says so, or the page came back into view): its thread and the
 * list are read again, and the unread count.
 */
export const ticketChanged =
  (ticketId?: string): AppThunk =>
  (dispatch) =>
    void supportApi
      .load()
      .then((api) =>
        dispatch(
          api.util.invalidateTags(
            ticketId
              ? [{ type: 'Ticket', id: ticketId }, 'Tickets', 'UnreadTickets']
              : ['Tickets', 'UnreadTickets'],
          ),
        ),
      );
