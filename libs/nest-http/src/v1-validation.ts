import { apiErrorCodes } from '@portal/contracts';
import type { z } from 'zod';
import { v1Errors, v1Messages } from './v1-errors';

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `input` (a JSON body or a query string) validated by `schema`; otherwise the first issue as a 400
 * `invalid_request_error` naming the field (`param`, its path with dots): `parameter_unknown` for a
 * field the schema does not take, `parameter_missing` for a required one left out, and
 * `parameter_invalid` with the schema's own sentence for anything else. A body that is no JSON object
 * is `body_not_json`.
 */
export function parseV1<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (!isPlainObject(input)) {
    throw v1Errors.invalidParameter(apiErrorCodes.bodyInvalid, v1Messages.bodyNotObject, null);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const param = [...path, issue.keys[0]].join('.');
    throw v1Errors.invalidParameter(
      apiErrorCodes.parameterUnknown,
      v1Messages.parameterUnknown(param),
      param,
    );
  }
  const param = path.length > 0 ? path.join('.') : null;
  if (param !== null && issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    throw v1Errors.invalidParameter(
      apiErrorCodes.parameterMissing,
      v1Messages.parameterMissing(param),
      param,
    );
  }
  throw v1Errors.invalidParameter(apiErrorCodes.parameterInvalid, issue.message, param);
}
