import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_OFFLINE_TEXT,
  CHAT_ONLINE_TEXT,
  CHAT_TYPING_INTERVAL_MS,
  type ChatDetail,
  type ChatSummary,
  formatSlaDuration,
  slaLine,
} from '@portal/contracts';
import { serverMessage } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { formatDateTime } from '@portal/ui/format-date';
import { UserText } from '@portal/ui/user-text';
import {
  chatMessageArrived,
  useChatAvailabilityQuery,
  useChatQuery,
  useChatsQuery,
  useChatTypingMutation,
  useEndChatMutation,
  useSendChatMessageMutation,
  useStartChatMutation,
} from './chat-api';
import { useLiveChat } from './useLiveChat';
import { useAppDispatch } from '@portal/store';

const isOpen = (chat: Pick<ChatSummary, 'state'>) => chat.state === 'waiting' || chat.state === 'active';
const authorLabel = { customer: 'You', staff: 'Support', system: 'Millstone CX' } as const;
const stateLabel = {
  waiting: 'Waiting for support',
  active: 'Support is with you',
  closed: 'Ended',
  converted: 'Became a ticket',
} as const;

/** The message field: Enter sends, Shift+Enter a new line; typing tells support (at most every 3 s). */
function Composer({
  label,
  submitLabel,
  busy,
  onSend,
  onTyping,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onSend(text: string): Promise<boolean>;
  onTyping?(): void;
}) {
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || busy) return;
    if (await onSend(body)) setText('');
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      aria-label={label}
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (onTyping && event.target.value.trim() && now - lastTyping.current >= CHAT_TYPING_INTERVAL_MS) {
            lastTyping.current = now;
            onTyping();
          }
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void submit();
          }
        }}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        helperText="Enter sends, Shift+Enter starts a new line."
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!text.trim() || busy}>
          {busy ? 'Sending…' : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}

/** A converted chat: the ticket's link and its first-response clock, in the Support tab's words. */
function TicketNotice({ chat, onLeave }: { chat: ChatDetail; onLeave(): void }) {
  if (!chat.ticketId) return null;
  return (
    <Alert severity="info" role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        This conversation is now a support ticket.
      </Typography>
      {chat.ticket && (
        <Typography variant="body2">{slaLine(chat.ticket.createdAt, chat.ticket.firstResponse)}</Typography>
      )}
      <RouteLink href={`/dashboard/support/${chat.ticketId}`} onClick={onLeave}>
        View the ticket
      </RouteLink>
    </Alert>
  );
}

function Conversation({
  chatId,
  staffTyping,
  onNewChat,
  onLeave,
}: {
  chatId: string;
  staffTyping: boolean;
  onNewChat(): void;
  /** The member follows a link out of the panel (the ticket): it closes. */
  onLeave(): void;
}) {
  const dispatch = useAppDispatch();
  const chat = useChatQuery(chatId);
  const [send, sending] = useSendChatMessageMutation();
  const [typing] = useChatTypingMutation();
  const [end, ending] = useEndChatMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [count, staffTyping]);

  if (chat.isLoading) return <Skeleton variant="rounded" height={160} aria-label="Loading the chat" />;
  if (chat.isError || !chat.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void chat.refetch()}>
            Try again
          </Button>
        }
      >
        We could not load this chat. {serverMessage(chat.error) ?? ''}
      </Alert>
    );
  }
  const data = chat.data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {stateLabel[data.state]} · started {formatDateTime(data.createdAt)}
        </Typography>
        {isOpen(data) && (
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            disabled={ending.isLoading}
            onClick={() => void end(chatId)}
          >
            End chat
          </Button>
        )}
      </Box>
      <Box
        ref={log}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        sx={{
          display: 'grid',
          gap: 1,
          alignContent: 'start',
          maxHeight: { xs: 'none', sm: 420 },
          overflowY: 'auto',
        }}
      >
        {data.messages.map((message) => (
          <Box
            key={message.id}
            sx={{
              justifySelf: message.author === 'customer' ? 'end' : 'start',
              maxWidth: '90%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              // One background for every side (its text keeps AA contrast); the member's own
              // messages are told by their side and an accent border, never by colour alone.
              bgcolor: 'background.default',
              border: 1,
              borderStyle: message.author === 'system' ? 'dashed' : 'solid',
              borderColor: message.author === 'customer' ? 'primary.main' : 'divider',
            }}
          >
            <Typography variant="caption" color="text.secondary" component="p">
              {authorLabel[message.author]} · {formatDateTime(message.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <UserText>{message.body}</UserText>
            </Typography>
          </Box>
        ))}
        {staffTyping && isOpen(data) && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            Support is typing…
          </Typography>
        )}
      </Box>
      <TicketNotice chat={data} onLeave={onLeave} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {isOpen(data) ? (
        <Composer
          label="Message"
          submitLabel="Send"
          busy={sending.isLoading}
          onTyping={() =>
            void typing(chatId)
              .unwrap()
              .catch(() => undefined)
          }
          onSend={async (message) => {
            setFailure(null);
            try {
              dispatch(chatMessageArrived(await send({ chatId, message }).unwrap()));
              return true;
            } catch (error) {
              setFailure(serverMessage(error) ?? 'Your message was not sent. Please try again.');
              return false;
            }
          }}
        />
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {data.state === 'closed' && (
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              This chat has ended. It stays here to read.
            </Typography>
          )}
          <Button variant="contained" onClick={onNewChat}>
            Start a new chat
          </Button>
        </Box>
      )}
    </Box>
  );
}

function History({ chats, onOpen }: { chats: ChatSummary[]; onOpen(id: string): void }) {
  if (chats.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No past chats yet. Your conversations with support will be kept here.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Past chats"
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
    >
      {chats.map((chat) => (
        <li key={chat.id}>
          <Button
            color="inherit"
            onClick={() => onOpen(chat.id)}
            sx={{
              width: '100%',
              textTransform: 'none',
              textAlign: 'left',
              display: 'grid',
              justifyContent: 'stretch',
            }}
          >
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              <UserText>{chat.preview}</UserText>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {stateLabel[chat.state]} · {formatDateTime(chat.createdAt)}
            </Typography>
          </Button>
        </li>
      ))}
    </Box>
  );
}

export interface LiveChatPanelProps {
  open: boolean;
  onClose(): void;
  /** Support's answers that arrived while the panel was closed (the launcher's badge). */
  onUnread(count: number): void;
}

/**
 * The dashboard's live chat (ADR 0236): a side sheet (the whole screen on a phone) saying whether
 * support is online now; a conversation that goes both ways live, with support's typing shown; a
 * chat nobody could take becomes a ticket, whose link and first-response time it shows; past chats
 * stay readable. The stream stays open while the sheet is open or a chat is still going.
 */
export default function LiveChatPanel({ open, onClose, onUnread }: LiveChatPanelProps) {
  const availability = useChatAvailabilityQuery();
  const chats = useChatsQuery();
  const [start, starting] = useStartChatMutation();
  const [chosen, setCurrent] = useState<string | null>(null);
  const [picked, setPicked] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ongoing = chats.data?.chats.find(isOpen);
  const live = useLiveChat(open || !!ongoing, open);

  useEffect(() => onUnread(live.unread), [live.unread, onUnread]);
  // The organization's chat still going is where the panel opens, until the member picks another.
  const current = picked ? chosen : (ongoing?.id ?? null);

  const online = availability.data?.staffOnline;
  const firstResponse = availability.data
    ? formatSlaDuration(availability.data.ticketFirstResponseMinutes * 60_000)
    : null;
  const past = (chats.data?.chats ?? []).filter((chat) => chat.id !== current);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'live-chat-title',
          sx: {
            width: { xs: '100%', sm: 420 },
            maxWidth: '100vw',
            p: 2,
            display: 'grid',
            gap: 2,
            alignContent: 'start',
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="live-chat-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Live chat
        </Typography>
        <IconButton aria-label="Close live chat" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        {availability.isLoading ? (
          <Skeleton width="80%" />
        ) : availability.isError ? (
          <Typography variant="body2" color="text.secondary">
            We could not tell whether support is online. You can still write to us.
          </Typography>
        ) : (
          <>
            <Box
              aria-hidden
              sx={{
                mt: 0.75,
                width: 10,
                height: 10,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: online ? 'success.main' : 'text.disabled',
              }}
            />
            <Typography variant="body2">
              {online ? (
                CHAT_ONLINE_TEXT
              ) : (
                <>
                  {CHAT_OFFLINE_TEXT} Send your message and it becomes a support ticket; we answer tickets
                  within {firstResponse}.
                </>
              )}
            </Typography>
          </>
        )}
      </Box>
      {showHistory ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Button onClick={() => setShowHistory(false)} sx={{ justifySelf: 'start' }}>
            Back to the chat
          </Button>
          {chats.isError ? (
            <Alert severity="error">We could not load your past chats.</Alert>
          ) : (
            <History
              chats={past}
              onOpen={(id) => {
                setPicked(true);
                setCurrent(id);
                setShowHistory(false);
              }}
            />
          )}
        </Box>
      ) : current ? (
        <Conversation
          chatId={current}
          staffTyping={live.staffTyping.has(current)}
          onLeave={onClose}
          onNewChat={() => {
            setPicked(true);
            setCurrent(null);
          }}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Ask us anything about your service, billing or integrations.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Composer
            label="Your message"
            submitLabel="Start chat"
            busy={starting.isLoading}
            onSend={async (message) => {
              setFailure(null);
              try {
                const chat = await start({ message }).unwrap();
                setPicked(true);
                setCurrent(chat.id);
                return true;
              } catch (error) {
                setFailure(serverMessage(error) ?? 'Your message was not sent. Please try again.');
                return false;
              }
            }}
          />
        </Box>
      )}
      {!showHistory && (
        <Button color="inherit" onClick={() => setShowHistory(true)} sx={{ justifySelf: 'start' }}>
          Past chats{chats.data ? ` (${past.length})` : ''}
        </Button>
      )}
    </Drawer>
  );
}
