import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INCIDENT_IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  type Incident,
  statusServiceName,
} from '@portal/contracts';
import { lazyDateFormat } from '@portal/ui/format-date';

const incidentTime = lazyDateFormat({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const timeText = (iso: string) => incidentTime.format(new Date(iso));

/** Incidents, each with its impact, the services it names and its updates, newest first. */
export function IncidentList({ incidents }: { incidents: readonly Incident[] }) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {incidents.map((incident) => (
        <Paper
          component="li"
          variant="outlined"
          key={incident.id}
          sx={{
            p: { xs: 2, sm: 3 },
            borderLeftWidth: 4,
            borderLeftColor: incident.resolvedAt
              ? 'success.main'
              : incident.impact === 'outage'
                ? 'error.main'
                : 'warning.main',
          }}
        >
          <Typography component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {incident.title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
            <Chip
              size="small"
              label={INCIDENT_STATUS_LABELS[incident.status]}
              color={incident.resolvedAt ? 'success' : 'default'}
            />
            {!incident.resolvedAt && (
              <Chip
                size="small"
                variant="outlined"
                label={INCIDENT_IMPACT_LABELS[incident.impact]}
                color={incident.impact === 'outage' ? 'error' : 'warning'}
              />
            )}
            <Typography variant="body2" color="text.secondary" component="span" sx={{ alignSelf: 'center' }}>
              Affects {incident.services.map(statusServiceName).join(', ')}
            </Typography>
          </Box>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {incident.updates.map((update) => (
              <Box component="li" key={update.id}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  <Box component="strong" sx={{ fontWeight: 700 }}>
                    {INCIDENT_STATUS_LABELS[update.status]}
                  </Box>{' '}
                  — {update.message}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <time dateTime={update.createdAt}>{timeText(update.createdAt)}</time>
                </Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
