import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddRounded from '@mui/icons-material/AddRounded';
import type { StaffAgent } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { useOrganizationQuery } from '../../api/staff-api';
import { FilterBar } from '../../components/FilterBar';
import { ListWithPanel } from '../../components/ListWithPanel';
import { PagedList, type ListColumn, type ListPage } from '../../components/PagedList';
import { useQueryParams } from '../../components/useQueryParams';
import { AddAgentDialog } from './AddAgentDialog';
import { AgentPanel } from './AgentPanel';
import { useStaffAgentsQuery } from './agents-api';
import { OrganizationPicker } from './OrganizationPicker';

/** The agents list is one page: support answers every agent (of one organization when filtered). */
const FIRST_PAGE = [null] as const;

function useAgentPage(organizationId: string | undefined): ListPage<StaffAgent> {
  const agents = useStaffAgentsQuery({ organizationId });
  return { ...agents, items: agents.data, nextCursor: null };
}

const COLUMNS: ListColumn<StaffAgent>[] = [
  { label: 'Name', opens: true, cell: (agent) => <UserText>{agent.name}</UserText> },
  { label: 'Title', cell: (agent) => <UserText>{agent.title}</UserText> },
  { label: 'Email', cell: (agent) => <UserText>{agent.email}</UserText>, sx: { whiteSpace: 'nowrap' } },
  {
    label: 'Status',
    cell: (agent) => (
      <Chip
        size="small"
        variant="outlined"
        color={agent.active ? 'success' : 'default'}
        label={agent.active ? 'Active' : 'Inactive'}
      />
    ),
  },
  { label: 'Accounts', cell: (agent) => agent.organizations.length },
  { label: 'Open tickets', cell: (agent) => agent.openTickets },
];

/**
 * Agents: the company's agents assigned to customers' accounts (who `GET /v1/agents` lists to a
 * customer's developers), filtered by customer organization (`?organization=`), 'Add agent', and the
 * open one (`?agent=`) to edit and assign organizations to.
 */
export default function AgentsPage() {
  const [params, , setParam] = useQueryParams();
  const organizationId = params.get('organization') ?? undefined;
  const selectedId = params.get('agent');
  const [adding, setAdding] = useState(false);
  // The filter's organization by name (also when the address came with it).
  const filterOrganization = useOrganizationQuery(organizationId ?? '', { skip: !organizationId });
  const agents = useStaffAgentsQuery({ organizationId });
  return (
    <Box>
      <FilterBar label="Filter the agents">
        <OrganizationPicker
          label="Customer organization"
          value={
            organizationId
              ? {
                  id: organizationId,
                  name: filterOrganization.data?.name ?? (filterOrganization.isError ? organizationId : '…'),
                }
              : null
          }
          onChange={(organization) => setParam('organization', organization?.id)}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAdding(true)}>
          Add agent
        </Button>
      </FilterBar>
      <ListWithPanel
        backLabel="Back to the agents"
        onBack={() => setParam('agent', undefined)}
        panel={
          selectedId ? (
            <AgentPanel agentId={selectedId} agents={agents} onClose={() => setParam('agent', undefined)} />
          ) : null
        }
        list={
          <PagedList
            label="Agents"
            columns={COLUMNS}
            minWidth={820}
            filters={organizationId}
            usePage={useAgentPage}
            cursors={FIRST_PAGE}
            onMore={() => undefined}
            selectedId={selectedId}
            onSelect={(id) => setParam('agent', id)}
            loading="Loading agents…"
            failed="We could not load the agents."
            empty={
              organizationId
                ? 'No agent is assigned to this organization.'
                : 'No agents yet: add the first one.'
            }
          />
        }
      />
      {adding && (
        <AddAgentDialog
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            setParam('agent', id);
          }}
        />
      )}
    </Box>
  );
}
