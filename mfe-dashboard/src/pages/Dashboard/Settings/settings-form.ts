import { serverMessage, type ApiError } from '@portal/store';
import type { Outcome } from './FormOutcome';

/** The part of a zod schema a form needs: its check, with each issue's field and message. */
interface Checkable<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type FormCheck<Field extends string, Output> =
  { valid: true; request: Output } | { valid: false; errors: FieldErrors<Field> };

/**
 * A form's fields checked by the contract's request schema (its messages, word for word): the first
 * message per field, or the request body as the schema cleans it (trimmed).
 */
export function checkForm<Field extends string, Output>(
  schema: Checkable<Output>,
  fields: Record<Field, string>,
): FormCheck<Field, Output> {
  const result = schema.safeParse(fields);
  if (result.success) return { valid: true, request: result.data };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= issue.message;
  }
  return { valid: false, errors };
}

/** A failed call as the form says it: the server's message, else what went wrong on the way. */
export function failure(error: unknown): Outcome {
  return { severity: 'error', text: serverMessage(error) ?? (error as ApiError).message ?? 'Something went wrong' };
}

/** Focuses the first field (by `name`) of `order` that has an error, so its message is read out. */
export function focusFirstError<Field extends string>(
  form: HTMLFormElement,
  order: readonly Field[],
  errors: FieldErrors<Field>,
): void {
  const first = order.find((key) => errors[key]);
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
}
