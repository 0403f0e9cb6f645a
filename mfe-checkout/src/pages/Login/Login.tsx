import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router-dom';
import { BRAND_NAME, RouteLink } from '@portal/ui';
import { showToast, signedIn, useAppDispatch } from '@portal/store';
import { AuthLayout } from '../../components/AuthLayout';
import { SignedOutOnly } from '../../components/SignedOutOnly';
import { useLoginMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';
import { SecretField } from '@portal/ui/secret-field';
import { ForgotPassword } from './ForgotPassword';
import { safeRedirect } from './safe-redirect';

/** /login: email and password, both required by the browser; a failure shows above the form and in a toast. */
export default function Login() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const { fields, field } = useRequiredFields({ email: '', password: '' });
  const { failure, clearFailure, fail } = useFormFailure('Login failed');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearFailure();
    try {
      dispatch(signedIn(await login(fields).unwrap()));
      dispatch(showToast({ title: 'Logged in successfully', severity: 'success' }));
      void navigate(safeRedirect(search, '/dashboard'));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <SignedOutOnly>
      <AuthLayout
        title="Sign In"
        subtitle="Welcome back. Sign in to manage your services, orders and support tickets."
        path="/login"
        description={`Sign in to your ${BRAND_NAME} account to manage your services, follow your orders, connect your CRM and dialer integrations and open support tickets.`}
      >
        <Stack component="form" spacing={2.5} onSubmit={submit}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
          <div>
            <SecretField
              secretName="password"
              label="Password"
              autoComplete="current-password"
              {...field('password')}
            />
            <ForgotPassword />
          </div>
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            Sign In
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Don&apos;t have an account? <RouteLink href="/register">Create an account</RouteLink>
        </Typography>
      </AuthLayout>
    </SignedOutOnly>
  );
}
