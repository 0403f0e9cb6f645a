import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { accountMessages, accountPages, type LoginResponse, type newPasswordSchema } from '@portal/contracts';
import { BRAND_NAME, RouteButton, RouteLink } from '@portal/ui';
import { serverMessage, showToast, signedIn, useAppDispatch } from '@portal/store';
import { SecretField } from '@portal/ui/secret-field';
import { AuthLayout } from '../../components/AuthLayout';
import { LinkOutcome, useLinkToken } from '../../components/LinkOutcome';
import { NewPasswordField } from '../../components/NewPasswordField';
import { focusFirstError, useSchemaOnDemand } from '../../components/form-check';
import { useResetPasswordMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';
import { useRequiredFields } from '../../components/useRequiredFields';
import { LazyTwoFactorStep } from '../Login/LazyTwoFactorStep';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The server's refusals of the link itself (the rest, a weak password say, belong to the form). */
const LINK_REFUSALS: readonly string[] = [
  accountMessages.resetLinkInvalid,
  accountMessages.resetLinkUsed,
  accountMessages.resetLinkExpired,
];

const DESCRIPTION = `Choose a new password for your ${BRAND_NAME} account.`;

interface PasswordFields extends Record<string, string> {
  password: string;
  confirm: string;
}

const loadNewPasswordSchema = () =>
  import('@portal/contracts').then(({ newPasswordSchema }) => newPasswordSchema);

function checkPasswords(
  passwordSchema: typeof newPasswordSchema,
  { password, confirm }: PasswordFields,
): Partial<PasswordFields> {
  const result = passwordSchema.safeParse(password);
  if (!result.success) return { password: result.error.issues[0]?.message };
  if (confirm !== password) return { confirm: PASSWORDS_DIFFER };
  return {};
}

/**
 * /reset-password?token=…: a new password (the sign-up rules and hint) typed twice. The server ends
 * every session of the account and signs this one in: on to the dashboard. A link it refuses (used,
 * expired, not valid), or none in the address, is a page of its own with the way to a new one.
 */
export default function ResetPassword() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token, wellFormed } = useLinkToken();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { fields, field } = useRequiredFields<PasswordFields>({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The password is changed; an account with two-factor sign-in still signs in with its code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const { failure, clearFailure, fail } = useFormFailure('Your password could not be reset');
  const { schema: passwordSchema, load: loadSchema } = useSchemaOnDemand(loadNewPasswordSchema);
  const shownErrors = submitted && passwordSchema ? checkPasswords(passwordSchema, fields) : {};

  const linkProblem = wellFormed ? refusal : accountMessages.resetLinkInvalid;
  if (linkProblem) {
    return (
      <LinkOutcome
        path={accountPages.resetPassword}
        description={DESCRIPTION}
        tone="refused"
        title="This reset link cannot be used"
        focusTitle={refusal !== null}
        actions={
          <>
            <RouteButton href={accountPages.forgotPassword} variant="contained">
              Ask for a new link
            </RouteButton>
            <RouteButton href="/login" variant="outlined">
              Back to sign in
            </RouteButton>
          </>
        }
      >
        {linkProblem}
      </LinkOutcome>
    );
  }

  const finish = (response: LoginResponse) => {
    dispatch(signedIn(response));
    dispatch(
      showToast({
        title: 'Your password has been reset',
        description: 'You are signed in with your new password.',
        severity: 'success',
      }),
    );
    void navigate('/dashboard', { replace: true });
  };

  if (challenge !== null) {
    return (
      <AuthLayout
        title="Your password has been reset"
        subtitle="Your account has two-factor sign-in: one more step to sign in."
        path={accountPages.resetPassword}
        description={DESCRIPTION}
      >
        <LazyTwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onChallengeExpired={(error) => {
            // The new password stands: signing in again is all that is left.
            dispatch(showToast({ title: 'Error', description: serverMessage(error), severity: 'error' }));
            void navigate('/login', { replace: true });
          }}
          onCancel={() => void navigate('/login', { replace: true })}
          cancelLabel="Sign in later"
        />
      </AuthLayout>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const errors = checkPasswords(await loadSchema(), fields);
    if (errors.password || errors.confirm) {
      focusFirstError(form, ['password', 'confirm'], errors);
      return;
    }
    clearFailure();
    try {
      const response = await resetPassword({ token, password: fields.password }).unwrap();
      if ('twoFactorRequired' in response) setChallenge(response.challenge);
      else finish(response);
    } catch (error) {
      const message = serverMessage(error);
      if (message && LINK_REFUSALS.includes(message)) setRefusal(message);
      else fail(error);
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="You will be signed in with it, and signed out everywhere else."
      path={accountPages.resetPassword}
      description={DESCRIPTION}
    >
      <Stack component="form" spacing={2.5} onSubmit={submit} onFocus={() => void loadSchema()} noValidate>
        {failure && <Alert severity="error">{failure}</Alert>}
        <NewPasswordField label="New password" {...field('password', shownErrors.password)} />
        <SecretField
          secretName="password confirmation"
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirm', shownErrors.confirm)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
          Reset password
        </Button>
      </Stack>
      <Stack sx={{ mt: 3, alignItems: 'center' }}>
        <RouteLink href="/login" variant="body2">
          Back to sign in
        </RouteLink>
      </Stack>
    </AuthLayout>
  );
}
