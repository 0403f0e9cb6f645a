import { PASSWORD_HINT } from '@portal/contracts';
import { SecretField, type SecretFieldProps } from '@portal/ui/secret-field';

export type NewPasswordFieldProps = Omit<SecretFieldProps, 'secretName' | 'autoComplete'>;

/**
 * A new password: sign-up and reset. Masked with the show/hide toggle, `autocomplete=new-password`
 * (password managers offer to generate one), and the spec's hint under it until a rule is broken,
 * when the rule's message takes its place.
 */
export function NewPasswordField({ helperText, error, ...props }: NewPasswordFieldProps) {
  return (
    <SecretField
      secretName="password"
      autoComplete="new-password"
      {...props}
      error={error}
      helperText={error && helperText ? helperText : PASSWORD_HINT}
    />
  );
}
