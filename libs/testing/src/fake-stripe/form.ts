/** A form field as Stripe's clients encode them: `metadata[orderId]=…` nests, plain keys stay flat. */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Decodes an `application/x-www-form-urlencoded` body the way Stripe's API reads it: bracketed keys
 * build nested objects (`payment_method_data[card][number]`). Array indices (`expand[0]`) stay object
 * keys; an empty index (`expand[]`) takes the next one.
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
    const last = path[path.length - 1];
    target[last === '' ? String(Object.keys(target).length) : last] = value;
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

/** A list parameter (`expand[0]=a&expand[1]=b`, or `expand[]=…`) as an array of strings. */
export function stringList(form: FormObject, key: string): string[] {
  const value = form[key];
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object') return [];
  return Object.values(value).filter((each): each is string => typeof each === 'string');
}
