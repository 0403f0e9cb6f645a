import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessage, type ApiError } from '@portal/store';

interface EmailRequest {
  email: string;
}

/** The part of a zod schema the form uses (zod itself stays out of the page's first download). */
interface EmailSchema {
  safeParse(
    input: EmailRequest,
  ): { success: true; data: EmailRequest } | { success: false; error: { issues: { message: string }[] } };
}

const UNREACHABLE = 'We could not reach our server. Please check your connection and try again.';

function failureMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  // An HTTP failure without a JSON message still reads '<status>: <text>'; no status means no answer.
  const { status, message } = error as Partial<ApiError>;
  return typeof status === 'number' && message ? message : UNREACHABLE;
}

/**
 * An email address and 'Subscribe': checks the address with the request's schema (loaded when the
 * visitor starts on the field), sends it, and shows what the server said. The newsletter box and the
 * status page's incident mails use it.
 */
export function EmailSignupForm({
  loadSchema,
  send,
  maxWidth,
}: {
  loadSchema: () => Promise<EmailSchema>;
  send: (request: EmailRequest) => Promise<{ message: string }>;
  /** Form and message width, centred (the newsletter box); by default as wide as their section. */
  maxWidth?: number;
}) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const width = maxWidth ? { maxWidth, mx: 'auto' } : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
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
      const answer = await send(parsed.data);
      setOutcome({ severity: 'success', message: answer.message });
      setEmail('');
    } catch (error) {
      setOutcome({ severity: 'error', message: failureMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ ...width, alignItems: { sm: 'flex-start' } }}
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
          sx={{ ...width, mt: 2, textAlign: 'left' }}
        >
          {outcome.message}
        </Alert>
      )}
    </>
  );
}
