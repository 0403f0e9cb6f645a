import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  INCIDENT_IMPACT_LABELS,
  type IncidentImpact,
  openIncidentRequestSchema,
  STATUS_SERVICES,
  type StatusServiceId,
} from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { errorText } from '../../components/LoadError';
import { useOpenIncidentMutation } from './incidents-api';

type Field = 'title' | 'services' | 'impact' | 'message';

/** Opens an incident: what, which services, how bad, and the first message visitors read. */
export function OpenIncidentForm() {
  const dispatch = useAppDispatch();
  const [openIncident, opening] = useOpenIncidentMutation();
  const [title, setTitle] = useState('');
  const [services, setServices] = useState<StatusServiceId[]>([]);
  const [impact, setImpact] = useState<IncidentImpact>('degraded');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (id: StatusServiceId, on: boolean) =>
    setServices((current) => (on ? [...current, id] : current.filter((service) => service !== id)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = openIncidentRequestSchema.safeParse({ title, services, impact, message });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await openIncident(parsed.data).unwrap();
      dispatch(showToast({ title: 'Incident opened', description: parsed.data.title, severity: 'success' }));
      setTitle('');
      setServices([]);
      setImpact('degraded');
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
      aria-label="Open an incident"
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title ?? 'What visitors see, e.g. "API calls time out"'}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControl component="fieldset" error={Boolean(errors.services)} required>
        <FormLabel component="legend">Affected services</FormLabel>
        <FormGroup row>
          {STATUS_SERVICES.map(({ id, name }) => (
            <FormControlLabel
              key={id}
              label={name}
              control={
                <Checkbox
                  checked={services.includes(id)}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.services && <FormHelperText>{errors.services}</FormHelperText>}
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">Impact</FormLabel>
        <RadioGroup row value={impact} onChange={(event) => setImpact(event.target.value as IncidentImpact)}>
          {(['degraded', 'outage'] as const).map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={INCIDENT_IMPACT_LABELS[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label="Message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={Boolean(errors.message)}
        helperText={errors.message ?? 'The first update (status: Investigating); subscribers get it by email'}
        required
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={opening.isLoading}>
          Open incident
        </Button>
      </Box>
    </Box>
  );
}
