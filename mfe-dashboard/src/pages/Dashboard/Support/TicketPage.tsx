import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import { slaLine, type CustomerTicket } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { formatDate, formatDateTime } from '@portal/ui/format-date';
import { ItemPage, ItemView } from '../../../components/ItemPage';
import { ReplyForm } from './ReplyForm';
import { TicketPriorityChip, TicketStatusChip } from './TicketBadges';
import { TicketThread } from './TicketThread';
import {
  useCloseTicketMutation,
  useMarkTicketReadMutation,
  useReopenTicketMutation,
  useTicketMessagesQuery,
  useTicketQuery,
} from './support-api';
import { useTicketUpdates } from './useTicketUpdates';

/** The time now, moved on every 30 s: the SLA line counts down without asking the server. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const isFinished = (ticket: CustomerTicket) => ticket.status === 'closed' || ticket.status === 'resolved';

export interface TicketPageProps {
  ticketId: string;
  /** The Support tab's address (`/dashboard/support`): the way back. */
  listPath: string;
}

/**
 * `/dashboard/support/{id}`: the ticket (title, badges, when, the SLA line), its thread oldest first,
 * the reply with attachments, and Close or Reopen. A reply to a resolved ticket, or to a closed one
 * within 14 days of its closing, reopens it (the form says so); after that the page offers a new
 * ticket instead. Opening the page marks the staff's replies read. A staff reply appears by itself.
 */
export function TicketPage({ ticketId, listPath }: TicketPageProps) {
  const ticket = useTicketQuery(ticketId);
  const messages = useTicketMessagesQuery(ticketId);
  useTicketUpdates(ticketId);
  const readerId = useAppSelector(selectSessionUser)?.id;
  const [markRead] = useMarkTicketReadMutation();
  const unread = ticket.data?.unread;
  useEffect(() => {
    if (unread) void markRead(ticketId);
  }, [unread, ticketId, markRead]);

  return (
    <ItemPage listPath={listPath} what="ticket" tab="Support" queries={[ticket, messages]}>
      {() => (
        <TicketView ticket={ticket.data!}>
          <TicketThread ticketId={ticketId} messages={messages.data!.messages} readerId={readerId} />
        </TicketView>
      )}
    </ItemPage>
  );
}

function TicketView({ ticket, children }: { ticket: CustomerTicket; children: React.ReactNode }) {
  const dispatch = useAppDispatch();
  const now = useNow();
  const [close, closing] = useCloseTicketMutation();
  const [reopen, reopening] = useReopenTicketMutation();
  const finished = isFinished(ticket);
  const reopenable =
    finished &&
    (ticket.status === 'resolved' ||
      (ticket.reopenableUntil !== null && Date.parse(ticket.reopenableUntil) > now.getTime()));

  const act = async (action: 'close' | 'reopen') => {
    try {
      await (action === 'close' ? close(ticket.id) : reopen(ticket.id)).unwrap();
      dispatch(
        showToast({ title: action === 'close' ? 'Ticket closed' : 'Ticket reopened', severity: 'success' }),
      );
    } catch (error) {
      dispatch(
        showToast({
          title: action === 'close' ? 'Failed to close ticket' : 'Failed to reopen ticket',
          description: serverMessage(error),
          severity: 'error',
        }),
      );
    }
  };

  return (
    <ItemView
      titleId="ticket-title"
      title={<UserText>{ticket.title}</UserText>}
      badges={
        <>
          <TicketPriorityChip priority={ticket.priority} />
          <TicketStatusChip status={ticket.status} />
        </>
      }
      facts={
        <>
          <Typography variant="body2">
            Opened <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
          </Typography>
          {(!finished || ticket.sla.firstResponse.metAt) && (
            <Typography
              variant="body2"
              data-testid="sla-line"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                color: ticket.sla.firstResponse.state === 'overdue' ? 'warning.main' : 'text.secondary',
              }}
            >
              <AccessTimeRounded aria-hidden fontSize="small" />
              {slaLine(ticket.createdAt, ticket.sla.firstResponse, now)}
            </Typography>
          )}
          {finished && ticket.closedAt && (
            <Typography variant="body2">
              {ticket.status === 'resolved' ? 'Resolved' : 'Closed'}{' '}
              <time dateTime={ticket.closedAt}>{formatDateTime(ticket.closedAt)}</time>
            </Typography>
          )}
        </>
      }
    >
      <Box component="section" aria-label="Messages">
        {children}
      </Box>
      <Box component="section" aria-labelledby="reply-heading" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="reply-heading" variant="h6" component="h3">
          {finished ? 'Need more help with this?' : 'Reply'}
        </Typography>
        {finished && !reopenable ? (
          <Alert severity="info">
            This ticket was closed more than 14 days ago and can no longer be reopened. Please open a new
            ticket from the Support tab.
          </Alert>
        ) : (
          <ReplyForm
            ticketId={ticket.id}
            note={
              finished
                ? `Replying reopens this ticket${ticket.reopenableUntil && ticket.status === 'closed' ? ` (possible until ${formatDate(ticket.reopenableUntil)})` : ''}.`
                : undefined
            }
          />
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {!finished && (
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => void act('close')}
              disabled={closing.isLoading}
            >
              Close ticket
            </Button>
          )}
          {reopenable && (
            <Button variant="outlined" onClick={() => void act('reopen')} disabled={reopening.isLoading}>
              Reopen ticket
            </Button>
          )}
        </Box>
      </Box>
    </ItemView>
  );
}
