import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import {
  changeEmailRequestSchema,
  EMAIL_CHANGE_TTL_HOURS,
  type AccountResponse,
  type ChangeEmailRequest,
} from '@portal/contracts';
import { SecretField } from '@portal/ui/secret-field';
import { useChangeEmailMutation } from '@portal/store/account-api';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, failure, focusFirstError } from './settings-form';

type EmailField = keyof ChangeEmailRequest;
const FIELDS: readonly EmailField[] = ['newEmail', 'currentPassword'];
const EMPTY: Record<EmailField, string> = { newEmail: '', currentPassword: '' };

/**
 * Email: a new address, confirmed through a link sent to it (POST /api/account/email); the current
 * password proves it is the customer. The address waiting for its link is shown until confirmed.
 */
export function EmailPanel({ account }: { account: AccountResponse }) {
  const [fields, setFields] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const check = checkForm<EmailField, ChangeEmailRequest>(changeEmailRequestSchema, fields);
  const errors = submitted && !check.valid ? check.errors : {};
  const bind = (key: EmailField) => ({
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    slotProps: { htmlInput: { required: true } },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    if (!check.valid) return focusFirstError(event.currentTarget, FIELDS, check.errors);
    try {
      const { message } = await changeEmail(check.request).unwrap();
      setFields(EMPTY);
      setSubmitted(false);
      setOutcome({ severity: 'success', text: message });
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };

  return (
    <SettingsPanel
      title="Email"
      icon={<AlternateEmailRounded />}
      description={`We send a confirmation link to the new address (valid for ${EMAIL_CHANGE_TTL_HOURS} hours) and a notice to the current one. The change happens when the link is opened.`}
    >
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Change email">
        {account.pendingEmail && (
          <Alert severity="info" variant="outlined" sx={{ overflowWrap: 'anywhere' }}>
            Waiting for confirmation: <strong>{account.pendingEmail}</strong>. Open the link we sent there to
            make it your email address.
          </Alert>
        )}
        <TextField label="New email address" type="email" autoComplete="email" {...bind('newEmail')} />
        <SecretField
          secretName="current password"
          label="Current password"
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <FormOutcome outcome={outcome} />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            Change email
          </Button>
        </Box>
      </Stack>
    </SettingsPanel>
  );
}
