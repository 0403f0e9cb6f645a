import { useState, type ChangeEvent } from 'react';

/**
 * The text fields of a sign-in or sign-up form, all required: their values, and the props that bind
 * one field to its value. Required goes on the input itself, so the browser knows it without the
 * label getting MUI's asterisk.
 */
export function useRequiredFields<Fields extends Record<string, string>>(initial: Fields) {
  const [fields, setFields] = useState(initial);
  /** The props of the field `key`; with an error message, the field is in error and shows it. */
  const field = (key: keyof Fields & string, errorMessage?: string) => ({
    name: key,
    value: fields[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errorMessage),
    helperText: errorMessage,
    fullWidth: true,
    slotProps: { htmlInput: { required: true } },
  });
  return { fields, field };
}
