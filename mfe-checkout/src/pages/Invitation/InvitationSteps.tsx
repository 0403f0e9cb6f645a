import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router-dom';
import {
  accountPages,
  nameSchema,
  newPasswordSchema,
  teamMessages,
  type InvitationPreview,
  type LoginResponse,
} from '@portal/contracts';
import { RouteLink } from '@portal/ui';
import { registered, serverMessage, sessionEnded, showToast, signedIn, useAppDispatch } from '@portal/store';
import { enteredOrganization } from '@portal/store/organizations';
import { storeLoginToken } from '@portal/store/token';
import { SecretField } from '@portal/ui/secret-field';
import { focusFirstError } from '../../components/form-check';
import { useLoginMutation, useLogoutMutation, useRegisterMutation } from '../../components/identity-api';
import { NewPasswordField } from '../../components/NewPasswordField';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';
import { TwoFactorStep } from '../Login/TwoFactorStep';
import { useAcceptInvitationMutation } from './invitation-api';

/** The server's refusals of the link itself: each its own page rather than a form error. */
const LINK_REFUSALS: readonly string[] = [
  teamMessages.invitationInvalid,
  teamMessages.invitationExpired,
  teamMessages.invitationRevoked,
  teamMessages.invitationUsed,
];

export interface StepProps {
  token: string;
  preview: InvitationPreview;
  /** The link turned out unusable (expired, revoked, used meanwhile): its page replaces this one. */
  onRefused: (message: string) => void;
}

/**
 * Accepting with the signed-in account: the answer's token acts in the organization joined; on to
 * its dashboard. `fallback`: the sign-in that came just before, kept when the acceptance fails.
 */
function useAccept({ token, preview, onRefused }: StepProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const { failure, clearFailure, fail } = useFormFailure('The invitation could not be accepted');
  const run = async (fallback?: LoginResponse) => {
    clearFailure();
    try {
      const response = await accept({ token }).unwrap();
      await dispatch(enteredOrganization(response));
      dispatch(
        showToast({
          title: `Welcome to ${preview.organizationName}`,
          description: 'You joined the team.',
          severity: 'success',
        }),
      );
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      if (fallback) dispatch(signedIn(fallback));
      const message = serverMessage(error);
      if (message && LINK_REFUSALS.includes(message)) onRefused(message);
      else fail(error);
    }
  };
  return { run, accepting: isLoading, failure };
}

/** Signed in with the invited email: one button. */
export function AcceptStep(props: StepProps) {
  const { run, accepting, failure } = useAccept(props);
  return (
    <Stack spacing={2.5}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="contained" size="large" fullWidth loading={accepting} onClick={() => void run()}>
        Accept invitation
      </Button>
    </Stack>
  );
}

/** Signed in with another email: the server's message, and signing out here to sign in with the right one. */
export function OtherEmail({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useLogoutMutation();
  const signOutHere = async () => {
    // Best effort on the server, certain here; the page stays, to sign in with the invited email.
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(sessionEnded());
  };
  return (
    <Stack spacing={2.5}>
      <Alert severity="warning">
        {teamMessages.invitationOtherEmail} You are signed in as {email}.
      </Alert>
      <Button
        variant="outlined"
        color="inherit"
        size="large"
        fullWidth
        loading={isLoading}
        onClick={() => void signOutHere()}
      >
        Sign out
      </Button>
    </Stack>
  );
}

/** Signed out, with an account for the invited email: its password (and code), then the acceptance. */
export function SignInToAccept(props: StepProps) {
  const { preview } = props;
  const [login, { isLoading }] = useLoginMutation();
  const { fields, field } = useRequiredFields({ password: '' });
  const { failure, clearFailure, fail } = useFormFailure('Login failed');
  const [challenge, setChallenge] = useState<string | null>(null);
  const { run, accepting, failure: acceptFailure } = useAccept(props);

  // The sign-in's token accepts; the session starts with the organization's token, or with this one
  // when the acceptance fails.
  const signedInThenAccept = (response: LoginResponse) => {
    storeLoginToken(response.token);
    void run(response);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearFailure();
    try {
      const response = await login({ email: preview.email, password: fields.password }).unwrap();
      if ('twoFactorRequired' in response) setChallenge(response.challenge);
      else signedInThenAccept(response);
    } catch (error) {
      fail(error);
    }
  };

  if (challenge !== null) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={signedInThenAccept}
        onChallengeExpired={(error) => {
          setChallenge(null);
          fail(error);
        }}
        onCancel={() => setChallenge(null)}
      />
    );
  }

  return (
    <Stack component="form" spacing={2.5} onSubmit={submit}>
      {(failure ?? acceptFailure) && <Alert severity="error">{failure ?? acceptFailure}</Alert>}
      <TextField
        label="Email address"
        type="email"
        value={preview.email}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true }, input: { readOnly: true } }}
        helperText="The invitation is for this address."
      />
      <SecretField
        secretName="password"
        label="Password"
        autoComplete="current-password"
        {...field('password')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading || accepting}>
        Sign in and accept
      </Button>
      <RouteLink href={accountPages.forgotPassword} variant="body2" sx={{ textAlign: 'center' }}>
        Forgot password?
      </RouteLink>
    </Stack>
  );
}

interface SignUpFields extends Record<string, string> {
  name: string;
  password: string;
}

function checkSignUp({ name, password }: SignUpFields): Partial<SignUpFields> {
  const nameCheck = nameSchema.safeParse(name);
  const passwordCheck = newPasswordSchema.safeParse(password);
  return {
    ...(!nameCheck.success && { name: nameCheck.error.issues[0]?.message }),
    ...(!passwordCheck.success && { password: passwordCheck.error.issues[0]?.message }),
  };
}

/** Signed out, no account for the invited email: a name and a password; the account joins at once. */
export function SignUpToAccept({ token, preview, onRefused }: StepProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { fields, field } = useRequiredFields<SignUpFields>({ name: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const { failure, clearFailure, fail } = useFormFailure('Registration failed');
  const errors = checkSignUp(fields);
  const shown = submitted ? errors : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.name || errors.password) {
      focusFirstError(event.currentTarget, ['name', 'password'], errors);
      return;
    }
    clearFailure();
    try {
      const { token: sessionToken } = await register({
        name: fields.name.trim(),
        email: preview.email,
        password: fields.password,
        invitation: token,
      }).unwrap();
      await dispatch(registered(sessionToken));
      dispatch(
        showToast({
          title: 'Account created successfully!',
          description: `You joined ${preview.organizationName}.`,
          severity: 'success',
        }),
      );
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      const message = serverMessage(error);
      if (message && LINK_REFUSALS.includes(message)) onRefused(message);
      else fail(error);
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Email address"
        type="email"
        value={preview.email}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true }, input: { readOnly: true } }}
        helperText="Your account is created for the invited address."
      />
      <TextField label="Full Name" autoComplete="name" {...field('name', shown.name)} />
      <NewPasswordField label="Password" {...field('password', shown.password)} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
        Create account and join
      </Button>
    </Stack>
  );
}
