import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountMessages, twoFactorCodeSchema, type LoginResponse } from '@portal/contracts';
import { serverMessage } from '@portal/store';
import { useLoginTwoFactorMutation } from '../../components/identity-api';
import { useFormFailure } from '../../components/useFormFailure';

export interface TwoFactorStepProps {
  /** The challenge `POST /api/auth/login` answered for the account. */
  challenge: string;
  onSignedIn: (response: LoginResponse) => void;
  /** The challenge lived out its minutes (or was refused): back to the password, with the error. */
  onChallengeExpired: (error: unknown) => void;
  onCancel: () => void;
  /** The button that leaves the step without signing in. */
  cancelLabel?: string;
}

type CodeKind = 'app' | 'recovery';

const FIELDS: Record<CodeKind, { label: string; hint: string; switchTo: string }> = {
  app: {
    label: 'Authentication code',
    hint: 'The 6-digit code your authenticator app shows for this account.',
    switchTo: 'Use a recovery code instead',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'One of the recovery codes you saved when you turned on two-factor sign-in (like abcde-12345). Each works once.',
    switchTo: 'Use a code from your authenticator app instead',
  },
};

/**
 * Sign-in's second step, for an account with two-factor sign-in: the code from the authenticator
 * app (or a recovery code). A wrong or used code, too many tries (with the minutes to wait) are told
 * above the field; a challenge that expired goes back to the password step.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onChallengeExpired,
  onCancel,
  cancelLabel = 'Back to email and password',
}: TwoFactorStepProps) {
  const [loginTwoFactor, { isLoading }] = useLoginTwoFactorMutation();
  const [kind, setKind] = useState<CodeKind>('app');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { failure, clearFailure, fail } = useFormFailure('Login failed');
  const { label, hint, switchTo } = FIELDS[kind];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
    const checked = twoFactorCodeSchema.safeParse(code);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      input?.focus();
      return;
    }
    setFieldError(undefined);
    clearFailure();
    try {
      onSignedIn(await loginTwoFactor({ challenge, code: checked.data }).unwrap());
    } catch (error) {
      if (serverMessage(error) === accountMessages.challengeExpired) {
        onChallengeExpired(error);
        return;
      }
      fail(error);
      setCode('');
      input?.focus();
    }
  };

  const switchKind = () => {
    setKind((current) => (current === 'app' ? 'recovery' : 'app'));
    setCode('');
    setFieldError(undefined);
    clearFailure();
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      {failure && <Alert severity="error">{failure}</Alert>}
      <div>
        <TextField
          // A new field per kind: it takes the focus, and the browser offers the right autofill.
          key={kind}
          name="code"
          label={label}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? hint}
          fullWidth
          autoFocus
          autoComplete={kind === 'app' ? 'one-time-code' : 'off'}
          slotProps={{
            htmlInput: {
              required: true,
              inputMode: kind === 'app' ? 'numeric' : 'text',
              autoCapitalize: 'none',
              spellCheck: false,
              maxLength: 20,
            },
          }}
        />
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <Link component="button" type="button" variant="body2" onClick={switchKind}>
            {switchTo}
          </Link>
        </Box>
      </div>
      <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
        Verify and sign in
      </Button>
      <Button type="button" variant="text" fullWidth onClick={onCancel}>
        {cancelLabel}
      </Button>
    </Stack>
  );
}
