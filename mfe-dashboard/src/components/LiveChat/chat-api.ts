import type {
  ChatAvailability,
  ChatDetail,
  ChatListResponse,
  ChatMessage,
  ChatMessageRequest,
  CustomerChatEvent,
} from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';

const chatPath = (id: string) => `/support/chats/${encodeURIComponent(id)}`;

/**
 * The live chat panel's calls (support's `/api/support/chats`, ADR 0236): whether staff are online,
 * the organization's chats, one chat with its messages, start, send, typing, end. The live stream
 * writes messages and the presence straight into these entries.
 */
const chatApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['Chats', 'Chat', 'ChatAvailability', 'Tickets'] }).injectEndpoints({
    endpoints: (build) => ({
      chatAvailability: build.query<ChatAvailability, void>({
        query: () => '/support/chats/availability',
        providesTags: ['ChatAvailability'],
      }),
      chats: build.query<ChatListResponse, void>({ query: () => '/support/chats', providesTags: ['Chats'] }),
      chat: build.query<ChatDetail, string>({
        query: (id) => chatPath(id),
        providesTags: (_result, _error, id) => [{ type: 'Chat', id }],
      }),
      startChat: build.mutation<ChatDetail, ChatMessageRequest>({
        query: (body) => ({ url: '/support/chats', method: 'POST', body }),
        // A chat that became a ticket is on the Support tab's list too.
        invalidatesTags: (result) => (result?.ticketId ? ['Chats', 'Tickets'] : ['Chats']),
      }),
      sendChatMessage: build.mutation<ChatMessage, ChatMessageRequest & { chatId: string }>({
        query: ({ chatId, ...body }) => ({ url: `${chatPath(chatId)}/messages`, method: 'POST', body }),
      }),
      chatTyping: build.mutation<void, string>({
        query: (id) => ({ url: `${chatPath(id)}/typing`, method: 'POST' }),
      }),
      endChat: build.mutation<ChatDetail, string>({
        query: (id) => ({ url: `${chatPath(id)}/close`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => ['Chats', { type: 'Chat', id }],
      }),
    }),
  }),
);

export const loadChatApi = chatApi.load;
export const useChatAvailabilityQuery = chatApi.hook('useChatAvailabilityQuery');
export const useChatsQuery = chatApi.hook('useChatsQuery');
export const useChatQuery = chatApi.hook('useChatQuery');
export const useStartChatMutation = chatApi.hook('useStartChatMutation');
export const useSendChatMessageMutation = chatApi.hook('useSendChatMessageMutation');
export const useChatTypingMutation = chatApi.hook('useChatTypingMutation');
export const useEndChatMutation = chatApi.hook('useEndChatMutation');

/** Adds a message to its chat's entry, once (the sender's own comes back on the stream too). */
export const chatMessageArrived =
  (message: ChatMessage): AppThunk =>
  (dispatch) =>
    void chatApi.load().then((api) => {
      // The store types its `api` slice as optional (it is injected on first use); once loaded it is there.
      const patch = dispatch as unknown as (thunk: ReturnType<typeof api.util.updateQueryData>) => void;
      patch(
        api.util.updateQueryData('chat', message.chatId, (chat) => {
          if (chat.messages.some((each) => each.id === message.id)) return;
          chat.messages.push(message);
          chat.lastMessageAt = message.createdAt;
        }),
      );
    });

/** What the panel's entries do with one event of the customer chat stream (`null`: it reopened). */
export const customerChatEventReceived =
  (event: CustomerChatEvent | null): AppThunk =>
  (dispatch) => {
    if (event?.kind === 'message') {
      dispatch(chatMessageArrived(event.message));
      return;
    }
    if (event?.kind === 'typing') return;
    void chatApi.load().then((api) => {
      if (event?.kind === 'presence') {
        const patch = dispatch as unknown as (thunk: ReturnType<typeof api.util.updateQueryData>) => void;
        patch(
          api.util.updateQueryData('chatAvailability', undefined, (availability) => {
            availability.staffOnline = event.staffOnline;
          }),
        );
      } else if (event?.kind === 'state') {
        dispatch(
          api.util.invalidateTags([
            'Chats',
            { type: 'Chat', id: event.chatId },
            ...(event.state === 'converted' ? (['Tickets'] as const) : []),
          ]),
        );
      } else {
        dispatch(api.util.invalidateTags(['Chats', 'Chat', 'ChatAvailability']));
      }
    });
  };
