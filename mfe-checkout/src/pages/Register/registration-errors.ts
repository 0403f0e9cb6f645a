import { registerRequestSchema, type RegisterRequest } from '@portal/contracts';

export type RegisterFields = RegisterRequest;
export type RegisterErrors = Partial<Record<keyof RegisterFields, string>>;

export type RegistrationCheck =
  { valid: true; request: RegisterRequest } | { valid: false; errors: RegisterErrors };

/**
 * The shared registration schema (the product's messages, word for word), its first message per
 * field; a valid form gives the request body as the schema cleans it (trimmed name and email).
 */
export function checkRegistration(fields: RegisterFields): RegistrationCheck {
  const result = registerRequestSchema.safeParse(fields);
  if (result.success) return { valid: true, request: result.data };
  const errors: RegisterErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof RegisterFields;
    errors[field] ??= issue.message;
  }
  return { valid: false, errors };
}
