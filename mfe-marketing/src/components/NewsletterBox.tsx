import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MailOutline from '@mui/icons-material/MailOutlineRounded';
import { serverMessage, type ApiError } from '@portal/store';
import { useSubscribeToNewsletter } from './newsletter-api';

/** zod arrives when the visitor starts on the form (or submits it), not with the blog page. */
const loadSchema = () => import('@portal/contracts').then((contracts) => contracts.newsletterRequestSchema);

const UNREACHABLE = 'We could not reach our server. Please check your connection and try again.';

interface Outcome {
  severity: 'success' | 'error';
  message: string;
}

function failureMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  // An HTTP failure without a JSON message still reads '<status>: <text>'; no status means no answer.
  const { status, message } = error as Partial<ApiError>;
  return typeof status === 'number' && message ? message : UNREACHABLE;
}

/** The blog's newsletter sign-up: checks the address, sends it, and shows what the server said. */
export function NewsletterBox() {
  const subscribeToNewsletter = useSubscribeToNewsletter();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await loadSchema()).safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(null);
    setOutcome(null);
    setSending(true);
    try {
      const answer = await subscribeToNewsletter(parsed.data);
      setOutcome({ severity: 'success', message: answer.message });
      setEmail('');
    } catch (error) {
      setOutcome({ severity: 'error', message: failureMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 3, md: 6 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        background: 'linear-gradient(135deg, rgba(45, 212, 191, 0.12), rgba(255, 106, 61, 0.08))',
        textAlign: 'center',
      }}
    >
      <MailOutline aria-hidden sx={{ fontSize: 40, color: 'secondary.main', mb: 1 }} />
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        Get our insights in your inbox
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        One email a month with our newest articles on support costs, AI automation and customer experience.
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={subscribe}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ maxWidth: 520, mx: 'auto', alignItems: { sm: 'flex-start' } }}
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
          loading={sending}
          sx={{ minHeight: 56, px: 4 }}
        >
          Subscribe
        </Button>
      </Stack>
      {outcome && (
        <Alert
          severity={outcome.severity}
          role={outcome.severity === 'success' ? 'status' : 'alert'}
          variant="outlined"
          sx={{ maxWidth: 520, mx: 'auto', mt: 2, textAlign: 'left' }}
        >
          {outcome.message}
        </Alert>
      )}
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
        No spam, unsubscribe at any time. We respect your privacy.
      </Typography>
    </Box>
  );
}
