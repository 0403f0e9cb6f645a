import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { BRAND_NAME, RouteLink } from '@portal/ui';
import { registered, showToast, useAppDispatch } from '@portal/store';
import { AuthLayout } from '../../components/AuthLayout';
import { SignedOutOnly } from '../../components/SignedOutOnly';
import { useRegisterMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';
import { NewPasswordField } from '../../components/NewPasswordField';
import { checkForm, focusFirstError, useSchemaOnDemand } from '../../components/form-check';
import { loadRegistrationSchema, type RegisterErrors, type RegisterFields } from './registration-errors';

/** /register and /signup: create an account, then on to /customer-dashboard. */
export default function Register() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { fields, field } = useRequiredFields<RegisterFields>({ name: '', email: '', password: '' });
  // Messages appear on the first submit, then follow the typing so a fixed field clears at once.
  const [submitted, setSubmitted] = useState(false);
  const { failure, clearFailure, fail } = useFormFailure('Registration failed');
  const { schema, load: loadSchema } = useSchemaOnDemand(loadRegistrationSchema);
  const check = schema && checkForm(schema, fields);
  const errors: RegisterErrors = submitted && check && !check.valid ? check.errors : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const checked = checkForm(await loadSchema(), fields);
    if (!checked.valid) {
      focusFirstError(form, ['name', 'email', 'password'], checked.errors);
      return;
    }
    clearFailure();
    try {
      const { token } = await register(checked.request).unwrap();
      void dispatch(registered(token));
      dispatch(showToast({ title: 'Account created successfully!', severity: 'success' }));
      void navigate('/customer-dashboard');
    } catch (error) {
      fail(error);
    }
  };

  return (
    <SignedOutOnly>
      <AuthLayout
        title="Create your account"
        subtitle="Get a dashboard for your orders, integrations, KPIs and support tickets."
        path="/register"
        description={`Create your ${BRAND_NAME} account to order contact-center and AI-automation services, then follow orders, integrations, KPIs and tickets in one dashboard.`}
      >
        <Stack component="form" spacing={2.5} onSubmit={submit} onFocus={() => void loadSchema()} noValidate>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label="Full Name" autoComplete="name" {...field('name', errors.name)} />
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            {...field('email', errors.email)}
          />
          <NewPasswordField label="Password" {...field('password', errors.password)} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            Create Account
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Already have an account? <RouteLink href="/login">Sign in</RouteLink>
        </Typography>
        <Typography variant="body2" sx={{ mt: 1.5, textAlign: 'center' }}>
          <RouteLink href="/" color="text.secondary">
            Back to home
          </RouteLink>
        </Typography>
      </AuthLayout>
    </SignedOutOnly>
  );
}
