import { useEffect, useRef, useState } from 'react';
import type { CHAT_TYPING_INTERVAL_MS } from '@portal/contracts';
import { useAppDispatch } from '@portal/store';
import { customerChatEventReceived } from './chat-api';
import { followChatStream } from './chat-stream';

const TYPING_SHOWN_MS: typeof CHAT_TYPING_INTERVAL_MS = 3000;
const TYPING_GRACE_MS = 1500;

export interface LiveChat {
  /** Chats where support is typing now. */
  staffTyping: ReadonlySet<string>;
  /** Support's messages that arrived while the panel was closed. */
  unread: number;
}

/**
 * Follows the organization's chat stream while `active` (the panel open, or a chat of this page
 * still going): messages go straight into the chat's entry, the staff's presence into the
 * availability, a state change reads the chat again; support typing shows for a few seconds. Answers
 * counted unread while `panelOpen` is false.
 */
export function useLiveChat(active: boolean, panelOpen: boolean): LiveChat {
  const dispatch = useAppDispatch();
  const [staffTyping, setStaffTyping] = useState<ReadonlySet<string>>(new Set());
  const [unread, setUnread] = useState(0);
  const open = useRef(panelOpen);

  useEffect(() => {
    open.current = panelOpen;
    if (panelOpen) setUnread(0);
  }, [panelOpen]);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stop = (chatId: string) => {
      clearTimeout(timers.get(chatId));
      timers.delete(chatId);
      setStaffTyping((now) => {
        if (!now.has(chatId)) return now;
        const next = new Set(now);
        next.delete(chatId);
        return next;
      });
    };
    void followChatStream({
      signal: controller.signal,
      onReady: (again) => {
        if (again) dispatch(customerChatEventReceived(null));
      },
      onEvent: (event) => {
        dispatch(customerChatEventReceived(event));
        if (event.kind === 'typing' && event.side === 'staff') {
          clearTimeout(timers.get(event.chatId));
          timers.set(
            event.chatId,
            setTimeout(() => stop(event.chatId), TYPING_SHOWN_MS + TYPING_GRACE_MS),
          );
          setStaffTyping((now) => (now.has(event.chatId) ? now : new Set(now).add(event.chatId)));
        } else if (event.kind === 'message' && event.message.author !== 'customer') {
          stop(event.chatId);
          if (!open.current) setUnread((count) => count + 1);
        }
      },
    });
    return () => {
      controller.abort();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [active, dispatch]);

  return { staffTyping, unread };
}
