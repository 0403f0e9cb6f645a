import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryParams } from '../../components/useQueryParams';
import { ticketPriorities, ticketStatuses } from '@portal/contracts';
import { usePagedCursors } from '../../components/usePagedCursors';
import { useLiveQueue } from '../../live/useLiveQueue';
import type { TicketQueueFilters } from '../../api/staff-api';
import { DeflectionFigure } from './DeflectionFigure';
import { QueuePage } from './QueuePage';
import { TicketPanel, type PanelActions } from './TicketPanel';
import { filtersFrom, withFilter } from './queue-filters';
import { PRIORITY_LABELS, STATUS_LABELS } from './ticket-labels';

const COLUMNS = ['Breach', 'Title', 'Customer', 'Priority', 'Status', 'Due', 'Assignee', 'Last activity'];

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
  const [params, setParams] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const filterKey = JSON.stringify(filters);
  const selectedId = params.get('ticket');
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  // Other filters start again from the first page.
  const { cursors, more } = usePagedCursors(filterKey);
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

  const select = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('ticket', id);
        else next.delete('ticket');
        return next;
      }),
    [setParams],
  );
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

  const pages = cursors.map((cursor, index) => (
    <QueuePage
      key={`${filterKey}:${cursor ?? 'first'}`}
      filters={filters}
      cursor={cursor}
      last={index === cursors.length - 1}
      selectedId={selectedId}
      onSelect={select}
      onMore={more}
      onTickets={onTickets}
      compact={compact}
      columns={COLUMNS.length}
    />
  ));

  const filterBar = (
    <Box
      role="search"
      aria-label="Filter the queue"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) => setFilter('status', event.target.value || undefined)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">Any status</MenuItem>
        {ticketStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Priority"
        value={filters.priority ?? ''}
        onChange={(event) => setFilter('priority', event.target.value || undefined)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">Any priority</MenuItem>
        {ticketPriorities.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Assignee"
        value={filters.assigneeId === 'me' || filters.assigneeId === 'none' ? filters.assigneeId : ''}
        onChange={(event) => setFilter('assigneeId', event.target.value || undefined)}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">Anyone</MenuItem>
        <MenuItem value="me">Assigned to me</MenuItem>
        <MenuItem value="none">Unassigned</MenuItem>
      </TextField>
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
    </Box>
  );

  const list = compact ? (
    <Box component="ul" aria-label="Tickets" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
      {pages}
    </Box>
  ) : (
    <TableContainer
      sx={{
        alignSelf: 'start',
        maxHeight: 'calc(100vh - 260px)',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Table stickyHeader size="small" aria-label="Tickets" sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {pages}
      </Table>
    </TableContainer>
  );

  const panel = selectedId && (
    <TicketPanel key={selectedId} ticketId={selectedId} onClose={() => select(null)} actions={panelRef} />
  );

  return (
    <Box>
      {filterBar}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Keys: j / k next and previous, a assign to me, r reply, n internal note, c close.
      </Typography>
      {compact ? (
        panel ? (
          <Box>
            <Button size="small" onClick={() => select(null)} sx={{ mb: 1 }}>
              Back to the queue
            </Button>
            {panel}
          </Box>
        ) : (
          list
        )
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: panel ? { md: '1fr', lg: 'minmax(0, 3fr) minmax(360px, 2fr)' } : '1fr',
          }}
        >
          <Box sx={{ minWidth: 0 }}>{list}</Box>
          {panel}
        </Box>
      )}
    </Box>
  );
}
