import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PasswordRounded from '@mui/icons-material/PasswordRounded';
import { changePasswordRequestSchema, PASSWORD_HINT, type ChangePasswordRequest } from '@portal/contracts';
import { SecretField } from '@portal/ui/secret-field';
import { useChangePasswordMutation } from '@portal/store/account-api';
import { FormOutcome, type Outcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, failure, focusFirstError, type FieldErrors } from './settings-form';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
export const PASSWORDS_DIFFER = 'The passwords do not match';
export const PASSWORD_CHANGED = 'Your password has been changed. Every other session has been signed out.';

/**
 * Password: the current one, then the new one under sign-up's rules (the contract's schema and hint),
 * typed twice. POST /api/account/password ends every other session; this one stays.
 */
export function PasswordPanel() {
  const [fields, setFields] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { confirmPassword, ...request } = fields;
  const check = checkForm<keyof ChangePasswordRequest, ChangePasswordRequest>(changePasswordRequestSchema, request);
  const errors: FieldErrors<PasswordField> = { ...(check.valid ? {} : check.errors) };
  if (!errors.newPassword && confirmPassword !== fields.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  const valid = check.valid && !errors.confirmPassword;
  const shown = submitted ? errors : {};
  const bind = (key: PasswordField) => ({
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(shown[key]),
    helperText: shown[key],
    fullWidth: true,
    slotProps: { htmlInput: { required: true } },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    if (!check.valid || !valid) return focusFirstError(event.currentTarget, FIELDS, errors);
    try {
      await changePassword(check.request).unwrap();
      setFields(EMPTY);
      setSubmitted(false);
      setOutcome({ severity: 'success', text: PASSWORD_CHANGED });
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };

  return (
    <SettingsPanel
      title="Password"
      icon={<PasswordRounded />}
      description="Changing your password signs out every other browser and device; this one stays signed in."
    >
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Change password">
        <SecretField
          secretName="current password"
          label="Current password"
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <SecretField
          secretName="new password"
          label="New password"
          autoComplete="new-password"
          {...bind('newPassword')}
          helperText={shown.newPassword ?? PASSWORD_HINT}
        />
        <SecretField
          secretName="new password again"
          label="Confirm new password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        <FormOutcome outcome={outcome} />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            Change password
          </Button>
        </Box>
      </Stack>
    </SettingsPanel>
  );
}
