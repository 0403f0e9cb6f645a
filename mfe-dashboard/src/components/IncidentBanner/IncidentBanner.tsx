import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { INCIDENT_STATUS_LABELS, statusServiceName } from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { usePlatformStatusQuery } from './incident-banner-api';

function OpenIncidents() {
  const { data } = usePlatformStatusQuery();
  const open = data?.incidents.filter((incident) => incident.resolvedAt === null) ?? [];
  // Nothing while loading, on an error (the dashboard works without it) or with no open incident.
  if (open.length === 0) return null;
  const [latest] = open;
  return (
    <Alert
      severity={open.some((incident) => incident.impact === 'outage') ? 'error' : 'warning'}
      variant="outlined"
      role="status"
      aria-label="Service incident"
      sx={{ mb: 2 }}
      action={
        <RouteLink href="/status" sx={{ whiteSpace: 'nowrap', alignSelf: 'center', mr: 1 }}>
          View status page
        </RouteLink>
      }
    >
      <AlertTitle>
        {open.length === 1 ? latest.title : `${open.length} open incidents, latest: ${latest.title}`}
      </AlertTitle>
      {INCIDENT_STATUS_LABELS[latest.status]} · affects {latest.services.map(statusServiceName).join(', ')}
      {latest.updates[0] && ` — ${latest.updates[0].message}`}
    </Alert>
  );
}

/**
 * Above the dashboard's tabs while an incident is open on the status page (ADR 0235): its title, where
 * it stands, what it affects, and a link to /status. Read once when the dashboard opens (no polling,
 * spec section 9); its own boundary, so it never holds up the frame.
 */
export function IncidentBanner() {
  return (
    <Suspense fallback={null}>
      <OpenIncidents />
    </Suspense>
  );
}
