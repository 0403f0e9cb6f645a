import type {
  ChatMessage,
  ChatMessageRequest,
  StaffChatDetail,
  StaffChatEvent,
  StaffChatListResponse,
} from '@portal/contracts';
import { lazyApi, type AppThunk } from '@portal/store';

const chatPath = (id: string) => `/support/staff/chats/${encodeURIComponent(id)}`;

/**
 * The Chats page's calls (support's `/api/support/staff/chats`, `@StaffOnly()`, ADR 0236): the open
 * and recent chats, one chat with its messages, accept, answer, typing, close, and the console's
 * presence heartbeat. The live stream writes new messages straight into the open chats' entries.
 */
const chatsApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['StaffChats', 'StaffChat'] }).injectEndpoints({
    endpoints: (build) => ({
      staffChats: build.query<StaffChatListResponse, void>({
        query: () => '/support/staff/chats',
        providesTags: ['StaffChats'],
      }),
      staffChat: build.query<StaffChatDetail, string>({
        query: (id) => chatPath(id),
        providesTags: (_result, _error, id) => [{ type: 'StaffChat', id }],
      }),
      acceptChat: build.mutation<StaffChatDetail, string>({
        query: (id) => ({ url: `${chatPath(id)}/accept`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => ['StaffChats', { type: 'StaffChat', id }],
      }),
      closeStaffChat: build.mutation<StaffChatDetail, string>({
        query: (id) => ({ url: `${chatPath(id)}/close`, method: 'POST' }),
        invalidatesTags: (_result, _error, id) => ['StaffChats', { type: 'StaffChat', id }],
      }),
      answerChat: build.mutation<ChatMessage, ChatMessageRequest & { chatId: string }>({
        query: ({ chatId, ...body }) => ({ url: `${chatPath(chatId)}/messages`, method: 'POST', body }),
      }),
      staffTyping: build.mutation<void, string>({
        query: (id) => ({ url: `${chatPath(id)}/typing`, method: 'POST' }),
      }),
      chatPresence: build.mutation<void, void>({
        query: () => ({ url: '/support/staff/chats/presence', method: 'PUT' }),
      }),
    }),
  }),
);

export const loadChatsApi = chatsApi.load;
export const useStaffChatsQuery = chatsApi.hook('useStaffChatsQuery');
export const useStaffChatQuery = chatsApi.hook('useStaffChatQuery');
export const useAcceptChatMutation = chatsApi.hook('useAcceptChatMutation');
export const useCloseStaffChatMutation = chatsApi.hook('useCloseStaffChatMutation');
export const useAnswerChatMutation = chatsApi.hook('useAnswerChatMutation');
export const useStaffTypingMutation = chatsApi.hook('useStaffTypingMutation');
export const useChatPresenceMutation = chatsApi.hook('useChatPresenceMutation');

/** Adds the message to the chat's open entry (once: the sender's own answer comes back on the stream too). */
export const messageArrived =
  (message: ChatMessage): AppThunk =>
  (dispatch) =>
    void chatsApi.load().then((api) => {
      // The store types its `api` slice as optional (it is injected on first use); once loaded it is there.
      const patch = dispatch as unknown as (thunk: ReturnType<typeof api.util.updateQueryData>) => void;
      patch(
        api.util.updateQueryData('staffChat', message.chatId, (chat) => {
          if (chat.messages.some((each) => each.id === message.id)) return;
          chat.messages.push(message);
          chat.lastMessageAt = message.createdAt;
        }),
      );
      patch(
        api.util.updateQueryData('staffChats', undefined, (list) => {
          const entry = list.chats.find((each) => each.id === message.chatId);
          if (entry) entry.lastMessageAt = message.createdAt;
        }),
      );
    });

/** A chat started, was taken, ended or became a ticket (or the stream reopened: everything). */
export const chatsChanged =
  (chatId?: string): AppThunk =>
  (dispatch) =>
    void chatsApi
      .load()
      .then((api) =>
        dispatch(
          api.util.invalidateTags(['StaffChats', chatId ? { type: 'StaffChat', id: chatId } : 'StaffChat']),
        ),
      );

/** What the page does with one event of the staff chat stream. */
export const staffChatEventReceived =
  (event: StaffChatEvent): AppThunk =>
  (dispatch) => {
    if (event.kind === 'message') dispatch(messageArrived(event.message));
    else if (event.kind === 'state') dispatch(chatsChanged(event.chatId));
  };
