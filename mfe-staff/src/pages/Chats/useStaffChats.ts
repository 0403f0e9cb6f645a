import { useCallback, useEffect, useRef, useState } from 'react';
import type { CHAT_HEARTBEAT_SECONDS, CHAT_TYPING_INTERVAL_MS } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { readToken } from '@portal/store/token';
import { chatsChanged, staffChatEventReceived, useChatPresenceMutation } from './chats-api';
import { followStaffChatStream } from './chat-stream';

// The contract's values, typed against it.
const HEARTBEAT_SECONDS: typeof CHAT_HEARTBEAT_SECONDS = 15;
const TYPING_SHOWN_MS: typeof CHAT_TYPING_INTERVAL_MS = 3000;
/** A typing indicator stays this much longer than the interval between two signals. */
const TYPING_GRACE_MS = 1500;

export type ChatLiveState = 'connecting' | 'live' | 'paused';

export interface StaffChatsLive {
  state: ChatLiveState;
  /** Chats whose customer is typing now. */
  typing: ReadonlySet<string>;
  /** Customer messages per chat that arrived while that chat was not the one shown. */
  unread: Readonly<Record<string, number>>;
  markRead(chatId: string): void;
}

/** Tells support the console is gone (tab closed, page left): offline at once, not 45 s later. */
function leavePresence() {
  const token = readToken();
  if (!token) return;
  void fetch('/api/support/staff/chats/presence', {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * While the Chats page is open the staffer is online for chat (ADR 0236): a heartbeat every 15 s
 * (presence lapses 45 s after the last), and offline at once when the page is left or the tab closes.
 * It follows the staff chat stream: messages go straight into the chats' entries, a start, accept,
 * close or conversion reads the list again, typing shows for a few seconds; customer messages of a
 * chat not shown count as unread, and a new chat says so in a toast.
 */
export function useStaffChats(shownChatId: string | null): StaffChatsLive {
  const dispatch = useAppDispatch();
  const [presence] = useChatPresenceMutation();
  const [state, setState] = useState<ChatLiveState>('connecting');
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const [unread, setUnread] = useState<Record<string, number>>({});
  const shown = useRef(shownChatId);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    shown.current = shownChatId;
    if (shownChatId) setUnread((counts) => (counts[shownChatId] ? { ...counts, [shownChatId]: 0 } : counts));
  }, [shownChatId]);

  useEffect(() => {
    const beat = () =>
      void presence()
        .unwrap()
        .catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_SECONDS * 1000);
    window.addEventListener('pagehide', leavePresence);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leavePresence);
      leavePresence();
    };
  }, [presence]);

  useEffect(() => {
    const controller = new AbortController();
    const timers = typingTimers.current;
    let seen = false;
    const stopTyping = (chatId: string) => {
      clearTimeout(timers.get(chatId));
      timers.delete(chatId);
      setTyping((now) => {
        if (!now.has(chatId)) return now;
        const next = new Set(now);
        next.delete(chatId);
        return next;
      });
    };
    void followStaffChatStream({
      signal: controller.signal,
      onReady: () => {
        setState('live');
        if (seen) dispatch(chatsChanged());
        seen = true;
      },
      onEvent: (event) => {
        dispatch(staffChatEventReceived(event));
        if (event.kind === 'typing' && event.side === 'customer') {
          clearTimeout(timers.get(event.chatId));
          timers.set(
            event.chatId,
            setTimeout(() => stopTyping(event.chatId), TYPING_SHOWN_MS + TYPING_GRACE_MS),
          );
          setTyping((now) => (now.has(event.chatId) ? now : new Set(now).add(event.chatId)));
        }
        if (event.kind === 'message' && event.message.author === 'customer') {
          stopTyping(event.chatId);
          if (shown.current !== event.chatId || document.hidden) {
            setUnread((counts) => ({ ...counts, [event.chatId]: (counts[event.chatId] ?? 0) + 1 }));
          }
        }
        if (event.kind === 'state' && event.state === 'waiting') {
          dispatch(
            showToast({
              title: 'New chat',
              description: 'A customer is waiting in Chats.',
              severity: 'info',
            }),
          );
        }
      },
      onDown: (refused) => setState(refused ? 'paused' : 'connecting'),
    });
    return () => {
      controller.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [dispatch]);

  const markRead = useCallback(
    (chatId: string) => setUnread((counts) => (counts[chatId] ? { ...counts, [chatId]: 0 } : counts)),
    [],
  );
  return { state, typing, unread, markRead };
}
