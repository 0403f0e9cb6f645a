import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import type { StaffTicket, StaffUser } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { useStaffTicketsQuery, useStaffUsersQuery, type TicketQueueFilters } from '../../api/staff-api';
import { LoadError } from '../../components/LoadError';
import { formatRelative } from '../../format/format';
import { PRIORITY_LABELS, STATUS_LABELS, slaText } from './ticket-labels';

export interface QueuePageProps {
  filters: TicketQueueFilters;
  cursor: string | null;
  /** The last page loaded so far: it offers 'Load more' when there is a next one. */
  last: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMore: (cursor: string) => void;
  /** The ids of this page's tickets, in order, for the keyboard's next and previous. */
  onTickets: (cursor: string | null, ids: string[]) => void;
  /** Rows as cards (phones) instead of table rows. */
  compact: boolean;
  columns: number;
}

const priorityColor = (priority: StaffTicket['priority']) =>
  priority === 'urgent' || priority === 'high' ? 'error' : priority === 'medium' ? 'warning' : 'default';

function Breaching() {
  return (
    <Chip
      size="small"
      color="error"
      icon={<WarningAmberRounded aria-hidden />}
      label="Breaching"
      sx={{ fontWeight: 700 }}
    />
  );
}

function person(users: Map<string, StaffUser>, id: string | null, none: string) {
  if (!id) return none;
  return users.get(id)?.name ?? 'Unknown account';
}

/** One cursor page of the queue: its rows (or cards), 'Load more' under the last page. */
export function QueuePage(props: QueuePageProps) {
  const { filters, cursor, last, selectedId, onSelect, onMore, onTickets, compact, columns } = props;
  const page = useStaffTicketsQuery({ ...filters, cursor });
  const tickets = page.data?.tickets;
  const ids = [
    ...new Set((tickets ?? []).flatMap((t) => [t.customerId, t.assigneeId]).filter(Boolean)),
  ] as string[];
  const users = useStaffUsersQuery(ids, { skip: ids.length === 0 });
  const byId = new Map((users.data?.users ?? []).map((user) => [user.id, user]));
  const idList = (tickets ?? []).map((ticket) => ticket.id).join(',');
  useEffect(() => onTickets(cursor, idList ? idList.split(',') : []), [cursor, idList, onTickets]);

  const wrap = (content: React.ReactNode) =>
    compact ? (
      <Box component="li" sx={{ listStyle: 'none' }}>
        {content}
      </Box>
    ) : (
      <TableBody>
        <TableRow>
          <TableCell colSpan={columns}>{content}</TableCell>
        </TableRow>
      </TableBody>
    );

  if (page.isLoading) {
    return wrap(
      <Typography role="status" aria-busy="true" color="text.secondary" sx={{ py: 2 }}>
        Loading tickets…
      </Typography>,
    );
  }
  if (page.isError || !page.data) {
    return wrap(
      <LoadError
        title="We could not load the queue."
        error={page.error}
        onRetry={() => void page.refetch()}
      />,
    );
  }
  if (cursor === null && page.data.tickets.length === 0) {
    return wrap(
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        No tickets match these filters. Clear a filter to see more of the queue.
      </Typography>,
    );
  }
  const more = last && page.data.nextCursor && (
    <Button variant="outlined" color="inherit" size="small" onClick={() => onMore(page.data!.nextCursor!)}>
      Load more
    </Button>
  );

  if (compact) {
    return (
      <>
        {page.data.tickets.map((ticket) => {
          const sla = slaText(ticket);
          return (
            <Box component="li" key={ticket.id} sx={{ listStyle: 'none' }}>
              <Box
                component="button"
                type="button"
                aria-current={ticket.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(ticket.id)}
                sx={{
                  all: 'unset',
                  boxSizing: 'border-box',
                  display: 'block',
                  width: '100%',
                  cursor: 'pointer',
                  p: 1.5,
                  borderRadius: 2,
                  border: 1,
                  borderColor: ticket.id === selectedId ? 'primary.main' : 'divider',
                  bgcolor: 'background.paper',
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                  {ticket.breaching && <Breaching />}
                  <Chip
                    size="small"
                    label={PRIORITY_LABELS[ticket.priority]}
                    color={priorityColor(ticket.priority)}
                    variant="outlined"
                  />
                  <Chip size="small" label={STATUS_LABELS[ticket.status]} variant="outlined" />
                </Box>
                <Typography sx={{ fontWeight: 600 }}>
                  <UserText>{ticket.title}</UserText>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {person(byId, ticket.customerId, 'Customer')} · {formatRelative(ticket.lastMessageAt)}
                  {sla ? ` · ${sla}` : ''}
                </Typography>
              </Box>
            </Box>
          );
        })}
        {more && (
          <Box component="li" sx={{ listStyle: 'none', textAlign: 'center', py: 1 }}>
            {more}
          </Box>
        )}
      </>
    );
  }

  return (
    <TableBody>
      {page.data.tickets.map((ticket) => {
        const selected = ticket.id === selectedId;
        const sla = slaText(ticket);
        return (
          <TableRow
            key={ticket.id}
            hover
            selected={selected}
            onClick={() => onSelect(ticket.id)}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell sx={{ width: 120 }}>{ticket.breaching ? <Breaching /> : null}</TableCell>
            <TableCell sx={{ minWidth: 220 }}>
              <Box
                component="button"
                type="button"
                aria-current={selected ? 'true' : undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(ticket.id);
                }}
                sx={{
                  all: 'unset',
                  cursor: 'pointer',
                  fontWeight: 600,
                  '&:focus-visible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    borderRadius: 0.5,
                  },
                }}
              >
                <UserText>{ticket.title}</UserText>
              </Box>
            </TableCell>
            <TableCell>{person(byId, ticket.customerId, 'Customer')}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={PRIORITY_LABELS[ticket.priority]}
                color={priorityColor(ticket.priority)}
                variant="outlined"
              />
            </TableCell>
            <TableCell>{STATUS_LABELS[ticket.status]}</TableCell>
            <TableCell sx={{ color: ticket.breaching ? 'error.light' : 'text.secondary' }}>
              {sla ?? '—'}
            </TableCell>
            <TableCell>{person(byId, ticket.assigneeId, 'Unassigned')}</TableCell>
            <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {formatRelative(ticket.lastMessageAt)}
            </TableCell>
          </TableRow>
        );
      })}
      {more && (
        <TableRow>
          <TableCell colSpan={columns} sx={{ textAlign: 'center' }}>
            {more}
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
