import Box from '@mui/material/Box';
import type {
  OrganizationIntegrationHealth,
  StaffOpenTicketsResponse,
  StaffOrganization,
} from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { useIntegrationHealthQuery, useOpenTicketsQuery, useOrganizationsQuery } from '../../api/staff-api';
import { FilterBar } from '../../components/FilterBar';
import { ListWithPanel } from '../../components/ListWithPanel';
import { PagedList, type ListColumn, type ListPage } from '../../components/PagedList';
import { usePagedCursors } from '../../components/usePagedCursors';
import { useQueryParams } from '../../components/useQueryParams';
import { formatDate, formatRelative } from '../../format/format';
import { OrganizationPanel } from './OrganizationPanel';

/** An organization with its integrations' health and open tickets, each undefined until read. */
interface OrganizationRow {
  id: string;
  organization: StaffOrganization;
  integrations: OrganizationIntegrationHealth | undefined;
  /** Its open tickets; null when the counts are read and it has none. */
  tickets: StaffOpenTicketsResponse['organizations'][number] | null | undefined;
}

function useOrganizationPage(q: string | undefined, cursor: string | null): ListPage<OrganizationRow> {
  const page = useOrganizationsQuery({ q, cursor });
  const ids = (page.data?.organizations ?? []).map((organization) => organization.id);
  const health = useIntegrationHealthQuery(ids, { skip: ids.length === 0 });
  const open = useOpenTicketsQuery();
  return {
    ...page,
    items: page.data?.organizations.map((organization) => ({
      id: organization.id,
      organization,
      integrations: health.data?.organizations.find((entry) => entry.organizationId === organization.id),
      tickets:
        open.data &&
        (open.data.organizations.find((entry) => entry.organizationId === organization.id) ?? null),
    })),
    nextCursor: page.data?.nextCursor,
  };
}

const COLUMNS: ListColumn<OrganizationRow>[] = [
  {
    label: 'Organization',
    opens: true,
    cell: ({ organization }) => <UserText>{organization.name}</UserText>,
  },
  {
    label: 'Plan',
    cell: ({ organization }) => (
      <Box component="span" sx={{ textTransform: 'capitalize' }}>
        {organization.planId}
      </Box>
    ),
  },
  { label: 'Members', cell: ({ organization }) => organization.memberCount },
  {
    label: 'Owner',
    cell: ({ organization }) => (organization.owner ? <UserText>{organization.owner.email}</UserText> : '—'),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    label: 'Integrations',
    cell: ({ integrations }) =>
      integrations ? `${integrations.active} of ${integrations.configured} active` : '…',
  },
  {
    label: 'Last event',
    cell: ({ integrations }) =>
      integrations ? (integrations.lastEventAt ? formatRelative(integrations.lastEventAt) : 'Never') : '…',
    sx: { whiteSpace: 'nowrap' },
  },
  {
    label: 'Last error',
    cell: ({ integrations }) =>
      integrations?.lastError ? (
        <Box component="span" sx={{ color: 'error.light' }}>
          {`${formatRelative(integrations.lastError.at)}: ${integrations.lastError.message}`}
        </Box>
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          None
        </Box>
      ),
  },
  {
    label: 'Open tickets',
    cell: ({ tickets }) =>
      tickets
        ? `${tickets.open}${tickets.breaching ? ` (${tickets.breaching} breaching)` : ''}`
        : tickets === null
          ? '0'
          : '…',
  },
  {
    label: 'Since',
    cell: ({ organization }) => formatDate(organization.createdAt),
    sx: { whiteSpace: 'nowrap' },
  },
];

/**
 * Customers: every organization with its plan, members, integrations' health (last event, last
 * error) and open tickets; search by organization, member name or email (`?q=`); the open one
 * (`?organization=`) with its members and integrations.
 */
export default function CustomersPage() {
  const [params, , setParam] = useQueryParams();
  const q = params.get('q')?.trim() || undefined;
  const { cursors, more } = usePagedCursors(q ?? '');
  const selectedId = params.get('organization');
  return (
    <Box>
      <FilterBar
        label="Find a customer"
        search={{
          label: 'Organization, member name or email',
          value: q,
          onSearch: (next) => setParam('q', next),
        }}
      />
      <ListWithPanel
        backLabel="Back to the customers"
        onBack={() => setParam('organization', undefined)}
        panel={
          selectedId ? (
            <OrganizationPanel
              key={selectedId}
              organizationId={selectedId}
              onClose={() => setParam('organization', undefined)}
            />
          ) : null
        }
        list={
          <PagedList
            label="Customers"
            columns={COLUMNS}
            minWidth={1100}
            filters={q}
            usePage={useOrganizationPage}
            cursors={cursors}
            onMore={more}
            selectedId={selectedId}
            onSelect={(id) => setParam('organization', id)}
            loading="Loading customers…"
            failed="We could not load the customers."
            empty="No organization matches this search."
          />
        }
      />
    </Box>
  );
}
