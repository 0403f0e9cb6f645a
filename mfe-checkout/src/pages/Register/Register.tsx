import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RouteLink, navigate } from '@portal/ui';
import { registered, serverMessage, showToast, useAppDispatch, useRegisterMutation } from '@portal/store';
import { AuthLayout } from '../../components/AuthLayout';
import { PasswordField } from '../../components/PasswordField';
import { PASSWORD_HINT, validateRegistration, type RegisterErrors, type RegisterFields } from './validate';

/** /register and /signup (spec section 2): create an account, then on to /customer-dashboard. */
export default function Register() {
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterMutation();
  const [fields, setFields] = useState<RegisterFields>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const field = (key: keyof RegisterFields) => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errors[key]),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegistration(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(null);
    try {
      const { token } = await register({
        ...fields,
        name: fields.name.trim(),
        email: fields.email.trim(),
      }).unwrap();
      dispatch(registered(token));
      dispatch(showToast({ title: 'Account created successfully!', severity: 'success' }));
      navigate('/customer-dashboard');
    } catch (error) {
      const message = serverMessage(error) ?? 'Registration failed';
      setFailure(message);
      dispatch(showToast({ title: 'Error', description: message, severity: 'error' }));
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Get a dashboard for your orders, integrations, KPIs and support tickets."
    >
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          slotProps={{ htmlInput: { required: true } }}
          fullWidth
          helperText={errors.name}
          {...field('name')}
        />
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          slotProps={{ htmlInput: { required: true } }}
          fullWidth
          helperText={errors.email}
          {...field('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          slotProps={{ htmlInput: { required: true } }}
          fullWidth
          helperText={errors.password ?? PASSWORD_HINT}
          {...field('password')}
        />
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
  );
}
