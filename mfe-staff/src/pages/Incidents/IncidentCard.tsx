import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INCIDENT_IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  type Incident,
  type IncidentImpact,
  type IncidentStatus,
  incidentUpdateRequestSchema,
  statusServiceName,
} from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { lazyDateFormat } from '@portal/ui/format-date';
import { UserText } from '@portal/ui/user-text';
import { errorText } from '../../components/LoadError';
import { useUpdateIncidentMutation } from './incidents-api';

const updateTime = lazyDateFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const when = (iso: string) => updateTime.format(new Date(iso));

/** Posts an update to an open incident; status Resolved resolves it. */
function UpdateForm({ incident }: { incident: Incident }) {
  const dispatch = useAppDispatch();
  const [updateIncident, updating] = useUpdateIncidentMutation();
  const [status, setStatus] = useState<IncidentStatus>(
    incident.status === 'investigating' ? 'identified' : incident.status,
  );
  const [impact, setImpact] = useState<IncidentImpact>(incident.impact);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = incidentUpdateRequestSchema.safeParse({
      status,
      message,
      ...(impact !== incident.impact && { impact }),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Message is required');
      return;
    }
    setFieldError(null);
    try {
      await updateIncident({ id: incident.id, ...parsed.data }).unwrap();
      dispatch(
        showToast({
          title: status === 'resolved' ? 'Incident resolved' : 'Update posted',
          description: incident.title,
          severity: 'success',
        }),
      );
      setMessage('');
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={`Update "${incident.title}"`}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '180px 200px 1fr' }, mt: 2 }}
    >
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(event) => setStatus(event.target.value as IncidentStatus)}
      >
        {(['investigating', 'identified', 'monitoring', 'resolved'] as const).map((value) => (
          <MenuItem key={value} value={value}>
            {INCIDENT_STATUS_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Impact"
        value={impact}
        onChange={(event) => setImpact(event.target.value as IncidentImpact)}
      >
        {(['degraded', 'outage'] as const).map((value) => (
          <MenuItem key={value} value={value}>
            {INCIDENT_IMPACT_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Update message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError}
        required
        multiline
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {problem && (
        <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="small" loading={updating.isLoading}>
          {status === 'resolved' ? 'Resolve incident' : 'Post update'}
        </Button>
      </Box>
    </Box>
  );
}

/** One incident: title, status, impact, services, its updates (newest first), and the update form while open. */
export function IncidentCard({ incident }: { incident: Incident }) {
  const open = incident.resolvedAt === null;
  return (
    <Paper component="article" aria-label={incident.title} variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          component="h4"
          variant="subtitle1"
          sx={{ fontWeight: 700, mr: 1, overflowWrap: 'anywhere' }}
        >
          <UserText>{incident.title}</UserText>
        </Typography>
        <Chip
          size="small"
          label={INCIDENT_STATUS_LABELS[incident.status]}
          color={open ? 'warning' : 'success'}
        />
        <Chip
          size="small"
          variant="outlined"
          label={INCIDENT_IMPACT_LABELS[incident.impact]}
          color={incident.impact === 'outage' ? 'error' : 'warning'}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {incident.services.map(statusServiceName).join(', ')} · opened {when(incident.startedAt)}
        {incident.resolvedAt && ` · resolved ${when(incident.resolvedAt)}`}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}>
        {incident.updates.map((update) => (
          <Box component="li" key={update.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <strong>{INCIDENT_STATUS_LABELS[update.status]}</strong> — <UserText>{update.message}</UserText>
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {when(update.createdAt)}
            </Typography>
          </Box>
        ))}
      </Box>
      {open && <UpdateForm incident={incident} />}
    </Paper>
  );
}
