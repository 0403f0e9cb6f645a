import type { RegisterRequest } from '@portal/contracts';
import type { FieldErrors } from '../../components/form-check';

export type RegisterFields = RegisterRequest;
export type RegisterErrors = FieldErrors<RegisterFields>;

/**
 * The shared registration schema (the product's messages, word for word): checked with `checkForm`,
 * its first message per field; a valid form gives the request body as the schema cleans it (trimmed
 * name and email). Loaded when the form is first used (`useSchemaOnDemand`).
 */
export const loadRegistrationSchema = () =>
  import('@portal/contracts').then(({ registerRequestSchema }) => registerRequestSchema);
