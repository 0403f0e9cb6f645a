import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RouteLink } from '@portal/ui';
import { UserText } from '@portal/ui/user-text';
import { useIntegrationHealthQuery, useOpenTicketsQuery, useOrganizationQuery } from '../../api/staff-api';
import { formatRelative } from '../../format/format';

/** Beside a conversation: whose it is — the organization, its plan, open tickets, last integration event. */
export function CustomerContext({
  organizationId,
  customerId,
  customerName,
}: {
  organizationId: string | null;
  customerId: string;
  customerName: string | undefined;
}) {
  const skip = organizationId === null;
  const organization = useOrganizationQuery(organizationId ?? '', { skip });
  const open = useOpenTicketsQuery(undefined, { skip });
  const health = useIntegrationHealthQuery(organizationId ? [organizationId] : [], { skip });
  const row = (label: string, value: React.ReactNode) => (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
  if (skip) {
    return (
      <Typography variant="body2" color="text.secondary">
        {customerName ?? 'The customer'} is in no organization.
      </Typography>
    );
  }
  const org = organization.data;
  const openHere = open.data?.organizations.find((entry) => entry.organizationId === organizationId);
  const integrations = health.data?.organizations[0];
  return (
    <Box
      component="dl"
      aria-label="Customer"
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.default',
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {row(
        'Customer',
        <RouteLink
          href={`/staff?customer=${customerId}`}
          aria-label={`All tickets of ${customerName ?? 'this customer'}`}
        >
          {customerName ?? '…'}
        </RouteLink>,
      )}
      {row(
        'Organization',
        org ? (
          <RouteLink href={`/staff/customers?organization=${org.id}`}>
            <UserText>{org.name}</UserText>
          </RouteLink>
        ) : organization.isError ? (
          'Could not be loaded'
        ) : (
          '…'
        ),
      )}
      {row(
        'Plan',
        org ? `${org.planId} · ${org.memberCount} member${org.memberCount === 1 ? '' : 's'}` : '…',
      )}
      {row(
        'Open tickets',
        open.data ? (
          <RouteLink href={`/staff?organization=${organizationId}`}>
            {`${openHere?.open ?? 0} open${openHere?.breaching ? `, ${openHere.breaching} breaching` : ''}`}
          </RouteLink>
        ) : (
          '…'
        ),
      )}
      {row(
        'Integrations',
        integrations
          ? `${integrations.active} of ${integrations.configured} active · last event ${
              integrations.lastEventAt ? formatRelative(integrations.lastEventAt) : 'never'
            }${integrations.lastError ? ` · last error ${formatRelative(integrations.lastError.at)}: ${integrations.lastError.message}` : ''}`
          : health.isError
            ? 'Could not be loaded'
            : '…',
      )}
    </Box>
  );
}
