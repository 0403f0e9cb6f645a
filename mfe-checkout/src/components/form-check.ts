import type { z } from 'zod';

export type FieldErrors<Fields> = Partial<Record<keyof Fields & string, string>>;

export type FormCheck<Request, Fields> =
  { valid: true; request: Request } | { valid: false; errors: FieldErrors<Fields> };

/**
 * A form's fields checked by the shared schema of its request (the product's messages, word for
 * word): the first message of each field, or the request body as the schema cleans it.
 */
export function checkForm<Schema extends z.ZodType, Fields extends Record<string, unknown>>(
  schema: Schema,
  fields: Fields,
): FormCheck<z.output<Schema>, Fields> {
  const result = schema.safeParse(fields);
  if (result.success) return { valid: true, request: result.data };
  const errors: FieldErrors<Fields> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof Fields & string;
    errors[field] ??= issue.message;
  }
  return { valid: false, errors };
}

/** Moves the focus to the first field in error, which reads out its message (aria-describedby). */
export function focusFirstError(
  form: HTMLFormElement,
  order: readonly string[],
  errors: Record<string, unknown>,
) {
  const first = order.find((name) => errors[name]);
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
}
