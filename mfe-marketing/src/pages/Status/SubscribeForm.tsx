import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApiError, serverMessage } from '@portal/store';
import { useSubscribeToStatusMutation } from './status-api';

/** zod arrives when the visitor starts on the form, not with the page. */
const loadSchema = () =>
  import('@portal/contracts').then((contracts) => contracts.statusSubscribeRequestSchema);

const UNREACHABLE = 'We could not reach our server. Please check your connection and try again.';

function failureMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  const { status, message } = error as Partial<ApiError>;
  return typeof status === 'number' && message ? message : UNREACHABLE;
}

/** Incident mails: the address gets a confirmation link first (double opt-in), then one mail per incident change. */
export function SubscribeForm() {
  const headingId = useId();
  const [subscribe, { isLoading }] = useSubscribeToStatusMutation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await loadSchema()).safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(null);
    setOutcome(null);
    try {
      const answer = await subscribe(parsed.data).unwrap();
      setOutcome({ severity: 'success', message: answer.message });
      setEmail('');
    } catch (error) {
      setOutcome({ severity: 'error', message: failureMessage(error) });
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 3, border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h2" sx={{ typography: 'h4', mb: 1 }}>
        Get incident updates by email
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        We email you when an incident is opened, updated and resolved. You confirm the address first, and
        every email has a link to unsubscribe.
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          type="email"
          name="email"
          label="Email address"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => void loadSchema()}
          error={Boolean(fieldError)}
          helperText={fieldError}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isLoading}
          sx={{ minHeight: 56, px: 4, flexShrink: 0 }}
        >
          Subscribe
        </Button>
      </Stack>
      {outcome && (
        <Alert
          severity={outcome.severity}
          role={outcome.severity === 'success' ? 'status' : 'alert'}
          variant="outlined"
          sx={{ mt: 2 }}
        >
          {outcome.message}
        </Alert>
      )}
    </Box>
  );
}
