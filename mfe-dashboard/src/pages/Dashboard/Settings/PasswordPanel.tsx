import Stack from '@mui/material/Stack';
import PasswordRounded from '@mui/icons-material/PasswordRounded';
import { changePasswordRequestSchema, PASSWORD_HINT, type ChangePasswordRequest } from '@portal/contracts';
import { SecretField } from '@portal/ui/secret-field';
import { useChangePasswordMutation } from '@portal/store/account-api';
import { SubmitWithOutcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, useSettingsForm, type FieldErrors, type FormCheck } from './settings-form';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
export const PASSWORDS_DIFFER = 'The passwords do not match';
export const PASSWORD_CHANGED = 'Your password has been changed. Every other session has been signed out.';

/** The contract's check of the current and new password, and the new one typed the same twice. */
function checkPasswords({
  confirmPassword,
  ...request
}: Record<PasswordField, string>): FormCheck<PasswordField, ChangePasswordRequest> {
  const check = checkForm<keyof ChangePasswordRequest, ChangePasswordRequest>(changePasswordRequestSchema, request);
  const errors: FieldErrors<PasswordField> = { ...(check.valid ? {} : check.errors) };
  if (!errors.newPassword && confirmPassword !== request.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return check.valid && !errors.confirmPassword ? check : { valid: false, errors };
}

/**
 * Password: the current one, then the new one under sign-up's rules (the contract's schema and hint),
 * typed twice. POST /api/account/password ends every other session; this one stays.
 */
export function PasswordPanel() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { bind, errors, submit, outcome } = useSettingsForm({
    initial: EMPTY,
    order: FIELDS,
    check: checkPasswords,
    send: async (request: ChangePasswordRequest) => {
      await changePassword(request).unwrap();
      return { text: PASSWORD_CHANGED, fields: EMPTY };
    },
  });

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
          helperText={errors.newPassword ?? PASSWORD_HINT}
        />
        <SecretField
          secretName="new password again"
          label="Confirm new password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        <SubmitWithOutcome outcome={outcome} loading={isLoading}>
          Change password
        </SubmitWithOutcome>
      </Stack>
    </SettingsPanel>
  );
}
