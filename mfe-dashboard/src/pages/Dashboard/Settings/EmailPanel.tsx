import Alert from '@mui/material/Alert';
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
import { SubmitWithOutcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, useSettingsForm } from './settings-form';

type EmailField = keyof ChangeEmailRequest;
const FIELDS: readonly EmailField[] = ['newEmail', 'currentPassword'];
const EMPTY: Record<EmailField, string> = { newEmail: '', currentPassword: '' };

/**
 * Email: a new address, confirmed through a link sent to it (POST /api/account/email); the current
 * password proves it is the customer. The address waiting for its link is shown until confirmed.
 */
export function EmailPanel({ account }: { account: AccountResponse }) {
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const { bind, submit, outcome } = useSettingsForm({
    initial: EMPTY,
    order: FIELDS,
    check: (fields) => checkForm<EmailField, ChangeEmailRequest>(changeEmailRequestSchema, fields),
    send: async (request: ChangeEmailRequest) => {
      const { message } = await changeEmail(request).unwrap();
      return { text: message, fields: EMPTY };
    },
  });

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
        <SubmitWithOutcome outcome={outcome} loading={isLoading}>
          Change email
        </SubmitWithOutcome>
      </Stack>
    </SettingsPanel>
  );
}
