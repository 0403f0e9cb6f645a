import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLinkClickHandler, useLocation, useNavigate } from 'react-router-dom';
import { accountPages, type LoginResponse } from '@portal/contracts';
import { BRAND_NAME, RouteLink } from '@portal/ui';
import { showToast, signedIn, useAppDispatch } from '@portal/store';
import { AuthLayout } from '../../components/AuthLayout';
import { SignedOutOnly } from '../../components/SignedOutOnly';
import { useLoginMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';
import { SecretField } from '@portal/ui/secret-field';
import type { ForgotPasswordState } from '../ForgotPassword/ForgotPassword';
import { LazyTwoFactorStep } from './LazyTwoFactorStep';
import { safeRedirect } from './safe-redirect';

/**
 * /login: email and password, both required by the browser; a failure shows above the form and in a
 * toast. An account with two-factor sign-in then asks for a code (TwoFactorStep) before signing in.
 */
export default function Login() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const { fields, field } = useRequiredFields({ email: '', password: '' });
  const { failure, clearFailure, fail } = useFormFailure('Login failed');
  const [challenge, setChallenge] = useState<string | null>(null);
  // Back from the code step (cancelled, or its time ran out): the password field takes the focus.
  const [backFromCode, setBackFromCode] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  // 'Forgot password?' hands the email typed so far to the next page (history state).
  const toForgotPassword = useLinkClickHandler<HTMLAnchorElement>(accountPages.forgotPassword, {
    state: { email: fields.email.trim() } satisfies ForgotPasswordState,
  });

  useEffect(() => {
    if (backFromCode && challenge === null) passwordInput.current?.focus();
  }, [backFromCode, challenge]);

  const finishSignIn = (response: LoginResponse) => {
    dispatch(signedIn(response));
    dispatch(showToast({ title: 'Logged in successfully', severity: 'success' }));
    void navigate(safeRedirect(search, '/dashboard'));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearFailure();
    try {
      const response = await login(fields).unwrap();
      if ('twoFactorRequired' in response) setChallenge(response.challenge);
      else finishSignIn(response);
    } catch (error) {
      fail(error);
    }
  };

  const backToPassword = () => {
    setChallenge(null);
    setBackFromCode(true);
  };

  return (
    <SignedOutOnly>
      <AuthLayout
        title="Sign In"
        subtitle={
          challenge === null
            ? 'Welcome back. Sign in to manage your services, orders and support tickets.'
            : 'Your account has two-factor sign-in: one more step.'
        }
        path="/login"
        description={`Sign in to your ${BRAND_NAME} account to manage your services, follow your orders, connect your CRM and dialer integrations and open support tickets.`}
      >
        {challenge !== null ? (
          <LazyTwoFactorStep
            challenge={challenge}
            onSignedIn={finishSignIn}
            onChallengeExpired={(error) => {
              backToPassword();
              fail(error);
            }}
            onCancel={backToPassword}
          />
        ) : (
          <Stack component="form" spacing={2.5} onSubmit={submit}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
            <div>
              <SecretField
                secretName="password"
                label="Password"
                autoComplete="current-password"
                inputRef={passwordInput}
                {...field('password')}
              />
              <Box sx={{ mt: 1, textAlign: 'right' }}>
                <RouteLink href={accountPages.forgotPassword} onClick={toForgotPassword} variant="body2">
                  Forgot password?
                </RouteLink>
              </Box>
            </div>
            <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
              Sign In
            </Button>
          </Stack>
        )}
        {challenge === null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Don&apos;t have an account? <RouteLink href="/register">Create an account</RouteLink>
          </Typography>
        )}
      </AuthLayout>
    </SignedOutOnly>
  );
}
