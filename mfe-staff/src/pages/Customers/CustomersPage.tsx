import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryParams } from '../../components/useQueryParams';
import { UserText } from '@portal/ui/user-text';
import { useIntegrationHealthQuery, useOpenTicketsQuery, useOrganizationsQuery } from '../../api/staff-api';
import { LoadError } from '../../components/LoadError';
import { ListWithPanel } from '../../components/ListWithPanel';
import { usePagedCursors } from '../../components/usePagedCursors';
import { formatDate, formatRelative } from '../../format/format';
import { OrganizationPanel } from './OrganizationPanel';

const COLUMNS = [
  'Organization',
  'Plan',
  'Members',
  'Owner',
  'Integrations',
  'Last event',
  'Last error',
  'Open tickets',
  'Since',
];

function OrganizationRows({
  q,
  cursor,
  last,
  selectedId,
  onSelect,
  onMore,
}: {
  q: string | undefined;
  cursor: string | null;
  last: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMore: (cursor: string) => void;
}) {
  const page = useOrganizationsQuery({ q, cursor });
  const ids = (page.data?.organizations ?? []).map((organization) => organization.id);
  const health = useIntegrationHealthQuery(ids, { skip: ids.length === 0 });
  const open = useOpenTicketsQuery();
  const full = (content: React.ReactNode) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length}>{content}</TableCell>
    </TableRow>
  );
  if (page.isLoading) {
    return full(
      <Typography role="status" aria-busy="true" color="text.secondary">
        Loading customers…
      </Typography>,
    );
  }
  if (page.isError || !page.data) {
    return full(
      <LoadError
        title="We could not load the customers."
        error={page.error}
        onRetry={() => void page.refetch()}
      />,
    );
  }
  if (cursor === null && page.data.organizations.length === 0) {
    return full(
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No organization matches this search.
      </Typography>,
    );
  }
  return (
    <>
      {page.data.organizations.map((organization) => {
        const integrations = health.data?.organizations.find(
          (entry) => entry.organizationId === organization.id,
        );
        const tickets = open.data?.organizations.find((entry) => entry.organizationId === organization.id);
        return (
          <TableRow key={organization.id} hover selected={organization.id === selectedId}>
            <TableCell>
              <Box
                component="button"
                type="button"
                aria-current={organization.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(organization.id)}
                sx={{
                  all: 'unset',
                  cursor: 'pointer',
                  fontWeight: 600,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <UserText>{organization.name}</UserText>
              </Box>
            </TableCell>
            <TableCell sx={{ textTransform: 'capitalize' }}>{organization.planId}</TableCell>
            <TableCell>{organization.memberCount}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {organization.owner ? <UserText>{organization.owner.email}</UserText> : '—'}
            </TableCell>
            <TableCell>
              {integrations ? `${integrations.active} of ${integrations.configured} active` : '…'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {integrations
                ? integrations.lastEventAt
                  ? formatRelative(integrations.lastEventAt)
                  : 'Never'
                : '…'}
            </TableCell>
            <TableCell sx={{ color: integrations?.lastError ? 'error.light' : 'text.secondary' }}>
              {integrations?.lastError
                ? `${formatRelative(integrations.lastError.at)}: ${integrations.lastError.message}`
                : 'None'}
            </TableCell>
            <TableCell>
              {tickets
                ? `${tickets.open}${tickets.breaching ? ` (${tickets.breaching} breaching)` : ''}`
                : open.data
                  ? '0'
                  : '…'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(organization.createdAt)}</TableCell>
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
 * Customers: every organization with its plan, members, integrations' health (last event, last
 * error) and open tickets; search by organization, member name or email (`?q=`); the open one
 * (`?organization=`) with its members and integrations.
 */
export default function CustomersPage() {
  const [params, setParams] = useQueryParams();
  const q = params.get('q')?.trim() || undefined;
  const { cursors, more } = usePagedCursors(q ?? '');
  const selectedId = params.get('organization');
  const [search, setSearch] = useState(q ?? '');
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
        aria-label="Find a customer"
        onSubmit={(event) => {
          event.preventDefault();
          set('q', search.trim() || undefined);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <TextField
          size="small"
          label="Organization, member name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 320 } }}
        />
        <Button type="submit" variant="outlined" color="inherit">
          Search
        </Button>
      </Box>
      <ListWithPanel
        backLabel="Back to the customers"
        onBack={() => set('organization', undefined)}
        panel={
          selectedId ? (
            <OrganizationPanel
              key={selectedId}
              organizationId={selectedId}
              onClose={() => set('organization', undefined)}
            />
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
            <Table stickyHeader size="small" aria-label="Customers" sx={{ minWidth: 1100 }}>
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
                  <OrganizationRows
                    key={`${q ?? ''}:${cursor ?? 'first'}`}
                    q={q}
                    cursor={cursor}
                    last={index === cursors.length - 1}
                    selectedId={selectedId}
                    onSelect={(id) => set('organization', id)}
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
