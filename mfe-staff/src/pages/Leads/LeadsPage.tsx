import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { leadStatuses, type CustomerMatch, type LeadStatus, type StaffLead } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { useCustomersByEmailQuery, useLeadsQuery, type LeadFilters } from '../../api/staff-api';
import { FilterBar, SelectField } from '../../components/FilterBar';
import { ListWithPanel } from '../../components/ListWithPanel';
import { PagedList, type ListColumn, type ListPage } from '../../components/PagedList';
import { usePagedCursors } from '../../components/usePagedCursors';
import { useQueryParams } from '../../components/useQueryParams';
import { formatDateTime, humanize } from '../../format/format';
import { LeadPanel } from './LeadPanel';

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

/** A lead and the customer whose email it is, if any. */
interface LeadRow {
  id: string;
  lead: StaffLead;
  customer: CustomerMatch | undefined;
}

function useLeadPage(filters: LeadFilters, cursor: string | null): ListPage<LeadRow> {
  const page = useLeadsQuery({ ...filters, cursor });
  const emails = [...new Set((page.data?.leads ?? []).map((lead) => lead.email.toLowerCase()))];
  const matches = useCustomersByEmailQuery(emails, { skip: emails.length === 0 });
  return {
    ...page,
    items: page.data?.leads.map((lead) => ({
      id: lead.id,
      lead,
      customer: matches.data?.customers.find(
        (customer) => customer.email.toLowerCase() === lead.email.toLowerCase(),
      ),
    })),
    nextCursor: page.data?.nextCursor,
  };
}

const COLUMNS: ListColumn<LeadRow>[] = [
  { label: 'Received', cell: ({ lead }) => formatDateTime(lead.createdAt), sx: { whiteSpace: 'nowrap' } },
  {
    label: 'Name',
    opens: true,
    cell: ({ lead }) => <UserText>{`${lead.firstName} ${lead.lastName}`}</UserText>,
  },
  { label: 'Email', cell: ({ lead }) => <UserText>{lead.email}</UserText>, sx: { whiteSpace: 'nowrap' } },
  { label: 'Company', cell: ({ lead }) => (lead.company ? <UserText>{lead.company}</UserText> : '—') },
  { label: 'Source', cell: ({ lead }) => (lead.source === 'checkout' ? 'Checkout cart' : 'Form') },
  {
    label: 'Status',
    cell: ({ lead }) => (
      <Chip
        size="small"
        label={humanize(lead.status)}
        color={lead.status === 'new' ? 'primary' : 'default'}
        variant="outlined"
      />
    ),
  },
  { label: 'Notes', cell: ({ lead }) => lead.notesCount },
  {
    label: 'Customer',
    cell: ({ customer }) =>
      customer ? (
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
        <Typography variant="body2" component="span" color="text.secondary">
          Not a customer
        </Typography>
      ),
  },
];

/**
 * Leads: the contact form's, the quote dialog's and the checkout's requests, newest first, by status
 * and a search (in the address); the open lead (`?lead=`) with its message, status and notes, and a
 * link to the customer whose email it is.
 */
export default function LeadsPage() {
  const [params, , setParam] = useQueryParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const { cursors, more } = usePagedCursors(JSON.stringify(filters));
  const selectedId = params.get('lead');
  return (
    <Box>
      <FilterBar
        label="Filter the leads"
        search={{ label: 'Name, email or company', value: filters.q, onSearch: (q) => setParam('q', q) }}
      >
        <SelectField
          label="Status"
          any="Any status"
          value={filters.status}
          options={leadStatuses}
          labelOf={humanize}
          onChange={(status) => setParam('status', status)}
        />
      </FilterBar>
      <ListWithPanel
        backLabel="Back to the leads"
        onBack={() => setParam('lead', undefined)}
        panel={
          selectedId ? (
            <LeadPanel key={selectedId} leadId={selectedId} onClose={() => setParam('lead', undefined)} />
          ) : null
        }
        list={
          <PagedList
            label="Leads"
            columns={COLUMNS}
            minWidth={980}
            filters={filters}
            usePage={useLeadPage}
            cursors={cursors}
            onMore={more}
            selectedId={selectedId}
            onSelect={(id) => setParam('lead', id)}
            loading="Loading leads…"
            failed="We could not load the leads."
            empty="No leads match. New contact form, quote and checkout requests appear here."
          />
        }
      />
    </Box>
  );
}
