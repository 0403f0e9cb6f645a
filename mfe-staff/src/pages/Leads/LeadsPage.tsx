import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryParams } from '../../components/useQueryParams';
import { leadStatuses, type LeadStatus } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { useCustomersByEmailQuery, useLeadsQuery, type LeadFilters } from '../../api/staff-api';
import { LoadError } from '../../components/LoadError';
import { ListWithPanel } from '../../components/ListWithPanel';
import { usePagedCursors } from '../../components/usePagedCursors';
import { formatDateTime, humanize } from '../../format/format';
import { LeadPanel } from './LeadPanel';

const COLUMNS = ['Received', 'Name', 'Email', 'Company', 'Source', 'Status', 'Notes', 'Customer'];

function filtersFrom(params: URLSearchParams): LeadFilters {
  const status = params.get('status');
  const q = params.get('q')?.trim();
  return {
    ...(status && (leadStatuses as readonly string[]).includes(status)
      ? { status: status as LeadStatus }
      : {}),
    ...(q ? { q } : {}),
  };
}

function LeadRows({
  filters,
  cursor,
  last,
  selectedId,
  onSelect,
  onMore,
}: {
  filters: LeadFilters;
  cursor: string | null;
  last: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMore: (cursor: string) => void;
}) {
  const page = useLeadsQuery({ ...filters, cursor });
  const emails = [...new Set((page.data?.leads ?? []).map((lead) => lead.email.toLowerCase()))];
  const matches = useCustomersByEmailQuery(emails, { skip: emails.length === 0 });
  const customerOf = (email: string) =>
    matches.data?.customers.find((customer) => customer.email.toLowerCase() === email.toLowerCase());
  const full = (content: React.ReactNode) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>{content}</TableCell>
    </TableRow>
  );
  if (page.isLoading) {
    return full(
      <Typography role="status" aria-busy="true" color="text.secondary">
        Loading leads…
      </Typography>,
    );
  }
  if (page.isError || !page.data) {
    return full(
      <LoadError
        title="We could not load the leads."
        error={page.error}
        onRetry={() => void page.refetch()}
      />,
    );
  }
  if (cursor === null && page.data.leads.length === 0) {
    return full(
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No leads match. New contact form, quote and checkout requests appear here.
      </Typography>,
    );
  }
  return (
    <>
      {page.data.leads.map((lead) => {
        const customer = customerOf(lead.email);
        return (
          <TableRow key={lead.id} hover selected={lead.id === selectedId}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.createdAt)}</TableCell>
            <TableCell>
              <Box
                component="button"
                type="button"
                aria-current={lead.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(lead.id)}
                sx={{
                  all: 'unset',
                  cursor: 'pointer',
                  fontWeight: 600,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <UserText>{`${lead.firstName} ${lead.lastName}`}</UserText>
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <UserText>{lead.email}</UserText>
            </TableCell>
            <TableCell>{lead.company ? <UserText>{lead.company}</UserText> : '—'}</TableCell>
            <TableCell>{lead.source === 'checkout' ? 'Checkout cart' : 'Form'}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={humanize(lead.status)}
                color={lead.status === 'new' ? 'primary' : 'default'}
                variant="outlined"
              />
            </TableCell>
            <TableCell>{lead.notesCount}</TableCell>
            <TableCell>
              {customer ? (
                <RouteLink
                  href={
                    customer.organizations[0]
                      ? `/staff/customers?organization=${customer.organizations[0].id}`
                      : `/staff/customers?q=${encodeURIComponent(customer.email)}`
                  }
                >
                  <UserText>{customer.name}</UserText>
                </RouteLink>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Not a customer
                </Typography>
              )}
            </TableCell>
          </TableRow>
        );
      })}
      {last && page.data.nextCursor && (
        <TableRow>
          <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center' }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => onMore(page.data!.nextCursor!)}
            >
              Load more
            </Button>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * Leads: the contact form's, the quote dialog's and the checkout's requests, newest first, by status
 * and a search (in the address); the open lead (`?lead=`) with its message, status and notes, and a
 * link to the customer whose email it is.
 */
export default function LeadsPage() {
  const [params, setParams] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const key = JSON.stringify(filters);
  const { cursors, more } = usePagedCursors(key);
  const selectedId = params.get('lead');
  const [search, setSearch] = useState(filters.q ?? '');
  const set = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <Box>
      <Box
        component="form"
        role="search"
        aria-label="Filter the leads"
        onSubmit={(event) => {
          event.preventDefault();
          set('q', search.trim() || undefined);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => set('status', event.target.value || undefined)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">Any status</MenuItem>
          {leadStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {humanize(status)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Name, email or company"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 260 } }}
        />
        <Button type="submit" variant="outlined" color="inherit">
          Search
        </Button>
      </Box>
      <ListWithPanel
        backLabel="Back to the leads"
        onBack={() => set('lead', undefined)}
        panel={
          selectedId ? (
            <LeadPanel key={selectedId} leadId={selectedId} onClose={() => set('lead', undefined)} />
          ) : null
        }
        list={
          <TableContainer
            sx={{
              alignSelf: 'start',
              maxHeight: 'calc(100vh - 240px)',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            <Table stickyHeader size="small" aria-label="Leads" sx={{ minWidth: 980 }}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {cursors.map((cursor, index) => (
                  <LeadRows
                    key={`${key}:${cursor ?? 'first'}`}
                    filters={filters}
                    cursor={cursor}
                    last={index === cursors.length - 1}
                    selectedId={selectedId}
                    onSelect={(id) => set('lead', id)}
                    onMore={more}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        }
      />
    </Box>
  );
}
