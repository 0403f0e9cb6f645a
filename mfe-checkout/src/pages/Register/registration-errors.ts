import { registerRequestSchema, type RegisterRequest } from '@portal/contracts';
import { checkForm, type FieldErrors, type FormCheck } from '../../components/form-check';

export type RegisterFields = RegisterRequest;
export type RegisterErrors = FieldErrors<RegisterFields>;

export type RegistrationCheck = FormCheck<RegisterRequest, RegisterFields>;

/**
 * The shared registration schema (the product's messages, word for word), its first message per
 * field; a valid form gives the request body as the schema cleans it (trimmed name and email).
 */
export function checkRegistration(fields: RegisterFields): RegistrationCheck {
  return checkForm(registerRequestSchema, fields);
}
