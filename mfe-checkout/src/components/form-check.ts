import { useCallback, useState } from 'react';
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

/**
 * A form's shared schema, loaded when the visitor first needs it rather than with the page: a schema
 * brings zod (about 90 kB to download and run), which showing the form does not need. `schema` is
 * null until it has loaded; `load()` loads it and resolves with it. A form calls `load` when it
 * takes focus, so a submit seldom waits, and once more on submit.
 */
export function useSchemaOnDemand<Schema>(loadSchema: () => Promise<Schema>) {
  const [schema, setSchema] = useState<Schema | null>(null);
  const load = useCallback(async () => {
    const loaded = await loadSchema();
    setSchema(() => loaded);
    return loaded;
  }, [loadSchema]);
  return { schema, load };
}
