import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { StaffAgent, UpdateAgentRequest } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { useOrganizationQuery } from '../../api/staff-api';
import { ItemPanel } from '../../components/ItemPanel';
import { errorText } from '../../components/LoadError';
import { formatDate } from '../../format/format';
import { useAssignAgentMutation, useUnassignAgentMutation, useUpdateAgentMutation } from './agents-api';
import { AgentFields, agentProblems, type AgentDraft } from './AgentFields';
import { OrganizationPicker, type OrganizationChoice } from './OrganizationPicker';

/** An assigned organization by name (identity's), with Unassign. */
function AssignedOrganization({
  organizationId,
  assignedAt,
  agentName,
  busy,
  onUnassign,
}: {
  organizationId: string;
  assignedAt: string;
  agentName: string;
  busy: boolean;
  onUnassign: (name: string) => void;
}) {
  const organization = useOrganizationQuery(organizationId);
  const name = organization.data
    ? withoutBidiControls(organization.data.name)
    : organization.isError
      ? organizationId
      : '…';
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}
    >
      <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
        <RouteLink
          href={`/staff/customers?organization=${organizationId}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {name}
        </RouteLink>
        <Typography variant="caption" color="text.secondary" component="div">
          Since {formatDate(assignedAt)}
        </Typography>
      </Box>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        disabled={busy}
        aria-label={`Unassign ${name} from ${agentName}`}
        onClick={() => onUnassign(name)}
      >
        Unassign
      </Button>
    </Box>
  );
}

/** The agent's form: name, title, email and whether they take new tickets, saved together. */
function AgentForm({ agent }: { agent: StaffAgent }) {
  const dispatch = useAppDispatch();
  const [update, updating] = useUpdateAgentMutation();
  const [draft, setDraft] = useState<AgentDraft>({
    name: agent.name,
    title: agent.title,
    email: agent.email,
  });
  const [active, setActive] = useState(agent.active);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = agentProblems(draft);
  const body: UpdateAgentRequest = {};
  if (draft.name.trim() !== agent.name) body.name = draft.name;
  if (draft.title.trim() !== agent.title) body.title = draft.title;
  if (draft.email.trim().toLowerCase() !== agent.email) body.email = draft.email;
  if (active !== agent.active) body.active = active;
  const changed = Object.keys(body).length > 0;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!changed || Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      await update({ id: agent.id, body }).unwrap();
      dispatch(
        showToast({
          title: 'Agent saved',
          description: withoutBidiControls(draft.name.trim()),
          severity: 'success',
        }),
      );
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={`Edit ${withoutBidiControls(agent.name)}`}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <AgentFields draft={draft} onChange={setDraft} problems={problems} disabled={updating.isLoading} />
      <FormControlLabel
        control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
        label={
          active
            ? 'Active: takes new tickets and is listed to customers'
            : 'Inactive: no new tickets, not listed'
        }
      />
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={!changed}
          loading={updating.isLoading}
        >
          Save changes
        </Button>
      </Box>
    </Box>
  );
}

/** One agent beside the list: their details to edit, and the customer organizations they serve. */
export function AgentPanel({
  agentId,
  agents,
  onClose,
}: {
  agentId: string;
  agents: {
    isLoading: boolean;
    isError: boolean;
    error?: unknown;
    data?: StaffAgent[];
    refetch: () => unknown;
  };
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [assign, assigning] = useAssignAgentMutation();
  const [unassign, unassigning] = useUnassignAgentMutation();
  const [chosen, setChosen] = useState<OrganizationChoice | null>(null);
  const agent = agents.data?.find(({ id }) => id === agentId);
  const query = {
    ...agents,
    data: agent,
    isError: agents.isError || (agents.data !== undefined && !agent),
    error:
      agents.data !== undefined && !agent ? { status: 404, message: '404: Agent not found' } : agents.error,
  };

  async function assignChosen(target: StaffAgent) {
    if (!chosen) return;
    try {
      await assign({ id: target.id, organizationId: chosen.id }).unwrap();
      dispatch(
        showToast({
          title: 'Organization assigned',
          description: `${withoutBidiControls(target.name)} now serves ${withoutBidiControls(chosen.name)}.`,
          severity: 'success',
        }),
      );
      setChosen(null);
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to assign organization',
          description: errorText(error),
          severity: 'error',
        }),
      );
    }
  }

  async function unassignFrom(target: StaffAgent, organizationId: string, name: string) {
    try {
      await unassign({ id: target.id, organizationId }).unwrap();
      dispatch(
        showToast({
          title: 'Organization unassigned',
          description: `${withoutBidiControls(target.name)} no longer serves ${name}.`,
          severity: 'success',
        }),
      );
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to unassign organization',
          description: errorText(error),
          severity: 'error',
        }),
      );
    }
  }

  return (
    <ItemPanel
      what="agent"
      query={query}
      title={(item) => <UserText>{item.name}</UserText>}
      onClose={onClose}
    >
      {(item) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {item.openTickets} open {item.openTickets === 1 ? 'ticket' : 'tickets'} · added{' '}
            {formatDate(item.createdAt)}
          </Typography>
          <AgentForm
            key={`${item.id}:${item.name}:${item.title}:${item.email}:${item.active}`}
            agent={item}
          />
          <Typography variant="subtitle2" component="h4" id="agent-organizations">
            Customer organizations ({item.organizations.length})
          </Typography>
          {item.organizations.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Not assigned to any customer yet.
            </Typography>
          ) : (
            <Box component="ul" aria-labelledby="agent-organizations" sx={{ m: 0, p: 0 }}>
              {item.organizations.map((organization) => (
                <AssignedOrganization
                  key={organization.organizationId}
                  organizationId={organization.organizationId}
                  assignedAt={organization.assignedAt}
                  agentName={withoutBidiControls(item.name)}
                  busy={unassigning.isLoading}
                  onUnassign={(name) => void unassignFrom(item, organization.organizationId, name)}
                />
              ))}
            </Box>
          )}
          <Box
            component="form"
            aria-label="Assign a customer organization"
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault();
              void assignChosen(item);
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <OrganizationPicker
              label="Customer organization"
              value={chosen}
              onChange={setChosen}
              exclude={item.organizations.map(({ organizationId }) => organizationId)}
            />
            <Button
              type="submit"
              variant="outlined"
              size="small"
              disabled={!chosen}
              loading={assigning.isLoading}
            >
              Assign
            </Button>
          </Box>
        </>
      )}
    </ItemPanel>
  );
}
