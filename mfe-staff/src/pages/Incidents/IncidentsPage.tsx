import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouteLink } from '@portal/ui';
import { ListSkeleton } from '../../components/ListSkeleton';
import { LoadError } from '../../components/LoadError';
import { IncidentCard } from './IncidentCard';
import { useStaffIncidentsQuery } from './incidents-api';
import { OpenIncidentForm } from './OpenIncidentForm';

/**
 * Incidents (ADR 0235): what the public status page (/status) and the customers' dashboard banner say
 * beside the measured states. Open one, post updates, resolve it; each change mails the page's
 * confirmed subscribers.
 */
export default function IncidentsPage() {
  const incidents = useStaffIncidentsQuery();
  const list = incidents.data?.incidents ?? [];
  const open = list.filter((incident) => incident.resolvedAt === null);
  const resolved = list.filter((incident) => incident.resolvedAt !== null);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1.2fr' },
        alignItems: 'start',
      }}
    >
      <Paper component="section" aria-labelledby="open-incident-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="open-incident-title" variant="h3" component="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Open an incident
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          It shows at once on the <RouteLink href="/status">status page</RouteLink> and as a banner in
          customers&apos; dashboards, until you resolve it.
        </Typography>
        <OpenIncidentForm />
      </Paper>
      <Paper component="section" aria-labelledby="incidents-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="incidents-title" variant="h3" component="h3" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Incidents
        </Typography>
        {incidents.isLoading ? (
          <ListSkeleton label="Loading incidents" rows={3} />
        ) : incidents.isError ? (
          <LoadError
            title="We could not load the incidents."
            error={incidents.error}
            onRetry={() => void incidents.refetch()}
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {open.length === 0 && (
              <Alert severity="success" role="status">
                No open incident: the status page shows the measured states alone.
              </Alert>
            )}
            {open.map((incident) => (
              <IncidentCard key={incident.id} incident={incident} />
            ))}
            {resolved.length > 0 && (
              <Typography component="h4" variant="overline" color="text.secondary" sx={{ mt: 1 }}>
                Resolved
              </Typography>
            )}
            {resolved.map((incident) => (
              <IncidentCard key={incident.id} incident={incident} />
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
