import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { accountMessages, accountPages, PASSWORD_RESET_TTL_MINUTES } from '@portal/contracts';
import { BRAND_NAME, RouteButton, RouteLink } from '@portal/ui';
import { AuthLayout } from '../../components/AuthLayout';
import { checkForm, focusFirstError, useSchemaOnDemand } from '../../components/form-check';
import { useForgotPasswordMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';

/** What /login hands over with its 'Forgot password?' link: the email typed there, if any. */
export interface ForgotPasswordState {
  email?: string;
}

const loadForgotPasswordSchema = () =>
  import('@portal/contracts').then(({ forgotPasswordRequestSchema }) => forgotPasswordRequestSchema);

function emailFrom(state: unknown): string {
  const email = (state as ForgotPasswordState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /forgot-password: the account's email, and a reset link goes there. The answer is the same
 * neutral sentence whether or not an account has that email; too many requests are told with the
 * minutes to wait (the server's message).
 */
export default function ForgotPassword() {
  const { state } = useLocation();
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const { fields, field } = useRequiredFields({ email: emailFrom(state) });
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const { failure, clearFailure, fail } = useFormFailure('The reset link could not be requested');
  const { schema, load: loadSchema } = useSchemaOnDemand(loadForgotPasswordSchema);
  const check = schema && checkForm(schema, fields);
  const errors = submitted && check && !check.valid ? check.errors : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const checked = checkForm(await loadSchema(), fields);
    if (!checked.valid) {
      focusFirstError(form, ['email'], checked.errors);
      return;
    }
    clearFailure();
    try {
      await requestReset(checked.request).unwrap();
      setSent(true);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      path={accountPages.forgotPassword}
      description={`Forgot the password of your ${BRAND_NAME} account? Ask for a link by email to choose a new one.`}
    >
      {sent ? (
        <Stack spacing={2.5}>
          <Alert severity="success">{accountMessages.resetRequested}</Alert>
          <Typography color="text.secondary">
            The link works for {PASSWORD_RESET_TTL_MINUTES} minutes and only once. Nothing there? Look in your
            spam folder, or check the address and ask again.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <RouteButton href="/login" variant="contained" fullWidth>
              Back to sign in
            </RouteButton>
            <Button variant="outlined" fullWidth onClick={() => setSent(false)}>
              Ask again
            </Button>
          </Stack>
        </Stack>
      ) : (
        <>
          <Stack
            component="form"
            spacing={2.5}
            onSubmit={submit}
            onFocus={() => void loadSchema()}
            noValidate
          >
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              {...field('email', errors.email)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
              Send reset link
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Remembered it? <RouteLink href="/login">Sign in</RouteLink>
          </Typography>
        </>
      )}
    </AuthLayout>
  );
}
