import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { ticketPriorities, ticketStatuses, type StaffTicket } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { useStaffTicketsQuery, useStaffUsersQuery, type TicketQueueFilters } from '../../api/staff-api';
import { FilterBar, SelectField } from '../../components/FilterBar';
import { ListWithPanel } from '../../components/ListWithPanel';
import { PagedList, type ListColumn, type ListPage } from '../../components/PagedList';
import { usePagedCursors } from '../../components/usePagedCursors';
import { useQueryParams } from '../../components/useQueryParams';
import { formatRelative } from '../../format/format';
import { useLiveQueue } from '../../live/useLiveQueue';
import { DeflectionFigure } from './DeflectionFigure';
import { TicketPanel, type PanelActions } from './TicketPanel';
import { filtersFrom, withFilter } from './queue-filters';
import { PRIORITY_LABELS, STATUS_LABELS, slaText } from './ticket-labels';

/** A ticket with the names of its customer and assignee, once read. */
interface TicketRow {
  id: string;
  ticket: StaffTicket;
  customer: string;
  assignee: string;
}

function useQueuePage(filters: TicketQueueFilters, cursor: string | null): ListPage<TicketRow> {
  const page = useStaffTicketsQuery({ ...filters, cursor });
  const tickets = page.data?.tickets;
  const ids = [
    ...new Set((tickets ?? []).flatMap((ticket) => [ticket.customerId, ticket.assigneeId]).filter(Boolean)),
  ] as string[];
  const users = useStaffUsersQuery(ids, { skip: ids.length === 0 });
  const person = (id: string | null, none: string) =>
    id ? (users.data?.users.find((user) => user.id === id)?.name ?? 'Unknown account') : none;
  return {
    ...page,
    items: tickets?.map((ticket) => ({
      id: ticket.id,
      ticket,
      customer: person(ticket.customerId, 'Customer'),
      assignee: person(ticket.assigneeId, 'Unassigned'),
    })),
    nextCursor: page.data?.nextCursor,
  };
}

const priorityColor = (priority: StaffTicket['priority']) =>
  priority === 'urgent' || priority === 'high' ? 'error' : priority === 'medium' ? 'warning' : 'default';

const COLUMNS: ListColumn<TicketRow>[] = [
  {
    label: 'Breach',
    cell: ({ ticket }) =>
      ticket.breaching ? (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmberRounded aria-hidden />}
          label="Breaching"
          sx={{ fontWeight: 700 }}
        />
      ) : null,
    sx: { width: 120 },
  },
  {
    label: 'Title',
    opens: true,
    cell: ({ ticket }) => <UserText>{ticket.title}</UserText>,
    sx: { minWidth: 220 },
  },
  { label: 'Customer', cell: ({ customer }) => customer },
  {
    label: 'Priority',
    cell: ({ ticket }) => (
      <Chip
        size="small"
        label={PRIORITY_LABELS[ticket.priority]}
        color={priorityColor(ticket.priority)}
        variant="outlined"
      />
    ),
  },
  { label: 'Status', cell: ({ ticket }) => STATUS_LABELS[ticket.status] },
  {
    label: 'Due',
    cell: ({ ticket }) => (
      <Box component="span" sx={{ color: ticket.breaching ? 'error.light' : 'text.secondary' }}>
        {slaText(ticket) ?? '—'}
      </Box>
    ),
  },
  { label: 'Assignee', cell: ({ assignee }) => assignee },
  {
    label: 'Last activity',
    cell: ({ ticket }) => formatRelative(ticket.lastMessageAt),
    sx: { color: 'text.secondary', whiteSpace: 'nowrap' },
  },
];

const ASSIGNEE_FILTERS = ['me', 'none'] as const;

/** Keys that mean nothing while typing in a field. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'combobox');

/**
 * The support queue: filters in the address (status, priority, assignee, breaching, the customer's
 * organization), breaching tickets first as the server sorts them, a cursor page at a time ('Load
 * more'). The open ticket is `?ticket=` beside the list (instead of it on phones). Keys: j / k next
 * and previous ticket, a assign to me, r reply, n internal note, c close, Escape back to the list.
 * New tickets and replies arrive by the gateway's staff stream.
 */
export default function TicketQueue() {
  const [params, setParams, setParam] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const selectedId = params.get('ticket');
  // Other filters start again from the first page.
  const { cursors, more } = usePagedCursors(JSON.stringify(filters));
  const [ids, setIds] = useState<Map<string | null, string[]>>(new Map());
  const live = useLiveQueue();

  const onTickets = useCallback(
    (cursor: string | null, pageIds: string[]) =>
      setIds((known) => {
        if (known.get(cursor)?.join() === pageIds.join()) return known;
        return new Map(known).set(cursor, pageIds);
      }),
    [],
  );
  const ordered = cursors.flatMap((cursor) => ids.get(cursor) ?? []);

  const select = useCallback((id: string | null) => setParam('ticket', id ?? undefined), [setParam]);
  const setFilter = (name: keyof TicketQueueFilters, value: string | undefined) =>
    setParams((current) => withFilter(current, name, value));

  const panelRef = useRef<PanelActions | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target))
        return;
      const at = selectedId ? ordered.indexOf(selectedId) : -1;
      if (event.key === 'j' || event.key === 'k') {
        const next = event.key === 'j' ? (ordered[at + 1] ?? ordered[at]) : ordered[Math.max(at - 1, 0)];
        if (next) select(next);
      } else if (event.key === 'a') panelRef.current?.assignToMe();
      else if (event.key === 'r') panelRef.current?.reply();
      else if (event.key === 'n') panelRef.current?.note();
      else if (event.key === 'c') panelRef.current?.close();
      else if (event.key === 'Escape' && selectedId) select(null);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ordered, selectedId, select]);

  const filterBar = (
    <FilterBar label="Filter the queue">
      <SelectField
        label="Status"
        any="Any status"
        value={filters.status}
        options={ticketStatuses}
        labelOf={(status) => STATUS_LABELS[status]}
        onChange={(status) => setFilter('status', status)}
      />
      <SelectField
        label="Priority"
        any="Any priority"
        value={filters.priority}
        options={ticketPriorities}
        labelOf={(priority) => PRIORITY_LABELS[priority]}
        onChange={(priority) => setFilter('priority', priority)}
      />
      <SelectField
        label="Assignee"
        any="Anyone"
        value={filters.assigneeId === 'me' || filters.assigneeId === 'none' ? filters.assigneeId : undefined}
        options={ASSIGNEE_FILTERS}
        labelOf={(assignee) => (assignee === 'me' ? 'Assigned to me' : 'Unassigned')}
        onChange={(assignee) => setFilter('assigneeId', assignee)}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={filters.breaching === 'true'}
            onChange={(event) => setFilter('breaching', event.target.checked ? 'true' : undefined)}
          />
        }
        label="Breaching only"
      />
      {filters.organizationId && (
        <Chip label="One organization" onDelete={() => setFilter('organizationId', undefined)} />
      )}
      {filters.customerId && (
        <Chip label="One customer" onDelete={() => setFilter('customerId', undefined)} />
      )}
      <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <DeflectionFigure />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {live === 'live'
            ? 'Live: new tickets appear by themselves'
            : live === 'connecting'
              ? 'Connecting to live updates…'
              : 'Live updates paused'}
        </Typography>
      </Box>
    </FilterBar>
  );

  return (
    <Box>
      {filterBar}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Keys: j / k next and previous, a assign to me, r reply, n internal note, c close.
      </Typography>
      <ListWithPanel
        backLabel="Back to the queue"
        onBack={() => select(null)}
        panel={
          selectedId ? (
            <TicketPanel
              key={selectedId}
              ticketId={selectedId}
              onClose={() => select(null)}
              actions={panelRef}
            />
          ) : null
        }
        list={
          <PagedList
            label="Tickets"
            columns={COLUMNS}
            minWidth={960}
            filters={filters}
            usePage={useQueuePage}
            cursors={cursors}
            onMore={more}
            selectedId={selectedId}
            onSelect={select}
            onItems={onTickets}
            loading="Loading tickets…"
            failed="We could not load the queue."
            empty="No tickets match these filters. Clear a filter to see more of the queue."
          />
        }
      />
    </Box>
  );
}
