/** A form field as Stripe's clients encode them: `metadata[orderId]=…` nests, plain keys stay flat. */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Decodes an `application/x-www-form-urlencoded` body the way Stripe's API reads it: bracketed keys
 * build nested objects (`payment_method_data[card][number]`). Array indices (`items[0]`) stay object
 * keys, which is all the fake needs.
 */
export function parseStripeForm(body: string): FormObject {
  const form: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let target = form;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      target = typeof next === 'object' ? next : (target[segment] = {});
    }
    target[path[path.length - 1]] = value;
  }
  return form;
}

/** A nested field as a string, or undefined: `field(form, 'payment_method_data', 'card', 'number')`. */
export function field(form: FormObject, ...path: string[]): string | undefined {
  let value: FormValue | undefined = form;
  for (const segment of path) value = typeof value === 'object' ? value[segment] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A nested object of string values (e.g. `metadata`), or an empty one. */
export function stringMap(form: FormObject, key: string): Record<string, string> {
  const value = form[key];
  if (typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
