import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import { slaLine, type CustomerTicket } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { selectSessionUser, serverMessage, showToast, useAppDispatch, useAppSelector } from '@portal/store';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useFailureToast } from '../../../components/useFailureToast';
import { formatDate, formatDateTime } from '@portal/ui/format-date';
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

/** The ticket's status 404 (unknown, or another organization's: the service answers them alike). */
const notFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

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
  useFailureToast(
    ticket.isError && !notFound(ticket.error) ? ticket : { isError: false },
    'Failed to fetch ticket',
  );
  useFailureToast(
    messages.isError && !notFound(messages.error) ? messages : { isError: false },
    'Failed to fetch ticket',
  );
  useTicketUpdates(ticketId);
  const readerId = useAppSelector(selectSessionUser)?.id;
  const [markRead] = useMarkTicketReadMutation();
  const unread = ticket.data?.unread;
  useEffect(() => {
    if (unread) void markRead(ticketId);
  }, [unread, ticketId, markRead]);

  const back = (
    <RouteLink href={listPath} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackRounded aria-hidden fontSize="small" />
      All tickets
    </RouteLink>
  );

  if (notFound(ticket.error) || notFound(messages.error)) {
    return (
      <>
        {back}
        <Box
          role="alert"
          sx={{ py: 6, px: 2, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 4 }}
        >
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            Ticket not found
          </Typography>
          <Typography color="text.secondary">
            It may belong to another organization, or the address is mistyped. Your tickets are on the Support
            tab.
          </Typography>
        </Box>
      </>
    );
  }
  if (!ticket.data || !messages.data) {
    if (ticket.isError || messages.isError) {
      return (
        <>
          {back}
          <LoadError
            title="We could not load this ticket."
            onRetry={() => {
              void ticket.refetch();
              void messages.refetch();
            }}
          />
        </>
      );
    }
    return (
      <>
        {back}
        <ListSkeleton label="Loading ticket" rowHeight={120} />
      </>
    );
  }
  return (
    <>
      {back}
      <TicketView ticket={ticket.data}>
        <TicketThread ticketId={ticketId} messages={messages.data.messages} readerId={readerId} />
      </TicketView>
    </>
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
    <Box component="article" aria-labelledby="ticket-title" sx={{ display: 'grid', gap: 3 }}>
      <Box component="header">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Typography id="ticket-title" variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            <UserText>{ticket.title}</UserText>
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
            <TicketPriorityChip priority={ticket.priority} />
            <TicketStatusChip status={ticket.status} />
          </Box>
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 0.5,
            mt: 1,
            color: 'text.secondary',
          }}
        >
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
        </Box>
      </Box>
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
    </Box>
  );
}
