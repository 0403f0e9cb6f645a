import { useState, type FormEvent } from 'react';
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

/** What a form shows once its request went through, and the values its fields then hold. */
export interface Sent<Field extends string> {
  text: string;
  fields: Record<Field, string>;
}

/**
 * A settings form's mechanics: its fields (`bind` gives a field its name, value, change handler and
 * message), the messages shown once submit was pressed, submit that focuses the first field with a
 * problem or sends the checked request, and the outcome: the server's message when the call fails,
 * what `send` says when it went through (`send` returning nothing, when the form moves on itself).
 */
export function useSettingsForm<Field extends string, Request>({
  initial,
  order,
  check,
  send,
}: {
  initial: Record<Field, string>;
  order: readonly Field[];
  check: (fields: Record<Field, string>) => FormCheck<Field, Request>;
  send: (request: Request) => Promise<Sent<Field> | void>;
}) {
  const [fields, setFields] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const checked = check(fields);
  const errors: FieldErrors<Field> = submitted && !checked.valid ? checked.errors : {};
  const bind = (key: Field) => ({
    name: key,
    value: fields[key],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    slotProps: { htmlInput: { required: true } },
  });
  const reset = () => {
    setFields(initial);
    setSubmitted(false);
    setOutcome(null);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setOutcome(null);
    if (!checked.valid) return focusFirstError(event.currentTarget, order, checked.errors);
    try {
      const sent = await send(checked.request);
      if (!sent) return;
      setFields(sent.fields);
      setSubmitted(false);
      setOutcome({ severity: 'success', text: sent.text });
    } catch (caught) {
      setOutcome(failure(caught));
    }
  };
  return { errors, bind, submit, outcome, reset };
}
