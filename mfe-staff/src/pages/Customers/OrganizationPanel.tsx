import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { orgRoleLabels } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import {
  useOpenTicketsQuery,
  useOrganizationIntegrationsQuery,
  useOrganizationQuery,
} from '../../api/staff-api';
import { ItemPanel } from '../../components/ItemPanel';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LoadError } from '../../components/LoadError';
import { formatDate, formatRelative } from '../../format/format';

/** One organization: plan, members with their roles, each integration's health, its open tickets. */
export function OrganizationPanel({
  organizationId,
  onClose,
}: {
  organizationId: string;
  onClose: () => void;
}) {
  const organization = useOrganizationQuery(organizationId);
  const integrations = useOrganizationIntegrationsQuery(organizationId);
  const open = useOpenTicketsQuery();
  return (
    <ItemPanel
      what="organization"
      query={organization}
      title={(org) => <UserText>{org.name}</UserText>}
      onClose={onClose}
    >
      {(org) => {
        const tickets = open.data?.organizations.find((entry) => entry.organizationId === org.id);
        return (
          <>
            <Typography variant="body2" color="text.secondary">
              Plan <strong style={{ textTransform: 'capitalize' }}>{org.planId}</strong> · {org.timezone} ·
              customer since {formatDate(org.createdAt)}
            </Typography>
            <RouteLink href={`/staff?organization=${org.id}`}>
              {`Open tickets: ${tickets?.open ?? 0}${tickets?.breaching ? ` (${tickets.breaching} breaching)` : ''} — see them in the queue`}
            </RouteLink>
            <RouteLink href={`/staff/orders?organization=${org.id}`}>Orders of this organization</RouteLink>
            <Typography variant="subtitle2" component="h4">
              Members ({org.members.length})
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
              {org.members.map((member) => (
                <Box
                  component="li"
                  key={member.userId}
                  sx={{ listStyle: 'none', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    <UserText>{member.name}</UserText>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <UserText>{member.email}</UserText>
                  </Typography>
                  <Chip size="small" variant="outlined" label={orgRoleLabels[member.role]} />
                  {!member.emailVerified && (
                    <Chip size="small" variant="outlined" color="warning" label="Email not verified" />
                  )}
                </Box>
              ))}
            </Box>
            <Typography variant="subtitle2" component="h4">
              Integrations
            </Typography>
            {integrations.isLoading ? (
              <ListSkeleton label="Loading integrations" rows={2} rowHeight={40} />
            ) : integrations.isError || !integrations.data ? (
              <LoadError
                title="We could not load the integrations."
                error={integrations.error}
                onRetry={() => void integrations.refetch()}
              />
            ) : integrations.data.integrations.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No integration connected yet.
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
                {integrations.data.integrations.map((integration) => (
                  <Box
                    component="li"
                    key={integration.id}
                    sx={{ listStyle: 'none', p: 1, border: 1, borderColor: 'divider', borderRadius: 1.5 }}
                  >
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        <UserText>{integration.name}</UserText>
                      </Typography>
                      <Chip size="small" variant="outlined" label={integration.type} />
                      <Chip
                        size="small"
                        color={integration.isActive ? 'success' : 'default'}
                        variant="outlined"
                        label={integration.isActive ? 'Connected' : 'Disconnected'}
                      />
                    </Box>
                    <Typography variant="caption" color="text.secondary" component="p">
                      Last event:{' '}
                      {integration.lastEvent
                        ? `${integration.lastEvent.type}, ${formatRelative(integration.lastEvent.at)}`
                        : 'none yet'}
                    </Typography>
                    {integration.lastError && (
                      <Typography variant="caption" color="error.light" component="p">
                        Last error ({integration.lastError.status}),{' '}
                        {formatRelative(integration.lastError.at)}: {integration.lastError.message}
                      </Typography>
                    )}
                  </Box>
                ))}
              </Box>
            )}
          </>
        );
      }}
    </ItemPanel>
  );
}
