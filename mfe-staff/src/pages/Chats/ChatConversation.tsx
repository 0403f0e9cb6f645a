import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CHAT_MESSAGE_MAX_LENGTH, CHAT_TYPING_INTERVAL_MS, StaffChatDetail } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch, useAppSelector, selectSessionUser } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LoadError } from '../../components/LoadError';
import { useStaffUsersQuery } from '../../api/staff-api';
import { formatDateTime } from '../../format/format';
import { CustomerContext } from '../Tickets/CustomerContext';
import {
  messageArrived,
  useAcceptChatMutation,
  useAnswerChatMutation,
  useCloseStaffChatMutation,
  useStaffChatQuery,
  useStaffTypingMutation,
} from './chats-api';
import { chatStateLabel } from './chat-labels';

// The contract's values, typed against it.
const MESSAGE_MAX: typeof CHAT_MESSAGE_MAX_LENGTH = 2000;
const TYPING_EVERY_MS: typeof CHAT_TYPING_INTERVAL_MS = 3000;

const authorLabel = { customer: 'Customer', staff: 'Support', system: 'Note' } as const;

/**
 * One chat as staff work it: the conversation (live), Accept while it waits, the answer field (Enter
 * sends, Shift+Enter a new line) once it is theirs, Close; beside it, whose it is (organization,
 * plan, open tickets).
 */
export function ChatConversation({ chatId, customerTyping }: { chatId: string; customerTyping: boolean }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectSessionUser);
  const chat = useStaffChatQuery(chatId);
  const [accept, accepting] = useAcceptChatMutation();
  const [close, closing] = useCloseStaffChatMutation();
  const [answer, answering] = useAnswerChatMutation();
  const [typing] = useStaffTypingMutation();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const log = useRef<HTMLDivElement>(null);
  const count = chat.data?.messages.length ?? 0;
  const customerId = chat.data?.customerId;
  const users = useStaffUsersQuery(customerId ? [customerId] : [], { skip: !customerId });
  const customerName = users.data?.users.find((user) => user.id === customerId)?.name;

  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [count, customerTyping]);

  if (chat.isLoading) return <ListSkeleton label="Loading the chat" />;
  if (chat.isError || !chat.data)
    return (
      <LoadError title="We could not load the chat." error={chat.error} onRetry={() => void chat.refetch()} />
    );
  const data: StaffChatDetail = chat.data;
  const mine = data.state === 'active' && data.staffId === me?.id;
  const others = data.state === 'active' && data.staffId !== me?.id;

  const act = async (what: string, run: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await run();
    } catch (error) {
      const message = serverMessage(error) ?? 'Please try again in a moment.';
      setFailure(message);
      dispatch(showToast({ title: `Could not ${what}`, description: message, severity: 'error' }));
    }
  };
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || answering.isLoading) return;
    await act('send the answer', async () => {
      const message = await answer({ chatId, message: body }).unwrap();
      dispatch(messageArrived(message));
      setText('');
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };
  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= TYPING_EVERY_MS) {
      lastTyping.current = now;
      void typing(chatId)
        .unwrap()
        .catch(() => undefined);
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {chatStateLabel(data.state, mine)} · started {formatDateTime(data.createdAt)}
          </Typography>
          {data.state === 'waiting' && (
            <Button
              variant="contained"
              size="small"
              disabled={accepting.isLoading}
              onClick={() => void act('accept the chat', () => accept(chatId).unwrap())}
            >
              Accept chat
            </Button>
          )}
          {(data.state === 'waiting' || mine) && (
            <Button
              variant="outlined"
              size="small"
              color="inherit"
              disabled={closing.isLoading}
              onClick={() => void act('close the chat', () => close(chatId).unwrap())}
            >
              Close chat
            </Button>
          )}
        </Box>
        {data.ticketId && (
          <Alert severity="info">
            This chat became a ticket:{' '}
            <RouteLink href={`/staff?ticket=${data.ticketId}`}>open the ticket</RouteLink>.
          </Alert>
        )}
        {others && <Alert severity="info">Another staff member has taken this chat.</Alert>}
        <Box
          ref={log}
          role="log"
          aria-label="Conversation"
          aria-live="polite"
          sx={{
            display: 'grid',
            gap: 1,
            alignContent: 'start',
            maxHeight: { xs: 360, md: 480 },
            minHeight: 160,
            overflowY: 'auto',
            p: 1.5,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
          }}
        >
          {data.messages.map((message) => (
            <Box
              key={message.id}
              sx={{
                justifySelf:
                  message.author === 'staff' ? 'end' : message.author === 'system' ? 'center' : 'start',
                maxWidth: '85%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                // One background (its text keeps AA contrast); support's side by an accent border.
                bgcolor: 'background.default',
                border: 1,
                borderStyle: message.author === 'system' ? 'dashed' : 'solid',
                borderColor: message.author === 'staff' ? 'primary.main' : 'divider',
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
          {customerTyping && data.state !== 'closed' && data.state !== 'converted' && (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              Customer is typing…
            </Typography>
          )}
        </Box>
        {failure && <Alert severity="error">{failure}</Alert>}
        {mine && (
          <Box
            component="form"
            onSubmit={(event) => void send(event)}
            aria-label="Answer"
            sx={{ display: 'grid', gap: 1 }}
          >
            <TextField
              label="Your answer"
              value={text}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={onKeyDown}
              multiline
              minRows={2}
              fullWidth
              helperText="Enter sends, Shift+Enter starts a new line."
              slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={!text.trim() || answering.isLoading}>
                {answering.isLoading ? 'Sending…' : 'Send answer'}
              </Button>
            </Box>
          </Box>
        )}
      </Box>
      <CustomerContext
        organizationId={data.organizationId}
        customerId={data.customerId}
        customerName={customerName}
      />
    </Box>
  );
}
