import { type ApiErrorBody, apiErrorBodySchema } from '@portal/contracts';
import type { JsonResponse } from './http';

/**
 * Asserts a service's JSON error answer: the status, a JSON content type and the body
 * `{ statusCode, message }` (any message), as createServiceApp answers a body it cannot read.
 */
export async function expectJsonError(response: Response, statusCode: number): Promise<void> {
  expect(response.status).toBe(statusCode);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ statusCode, message: expect.any(String) });
}

/** What a guarded route answers without a token, for `toMatchObject`: 401 with libs/auth's message. */
export const authenticationRequired = {
  status: 401,
  body: { statusCode: 401, message: 'Authentication required' },
} as const;

/**
 * Asserts a public API (/v1) error answer: the status, the documented body
 * `{ error: { type, code, message, param, request_id } }` and nothing else, matching `error`, and the
 * request id the answer's header carries.
 */
export function expectV1Error(
  response: JsonResponse<unknown>,
  status: number,
  error: Partial<ApiErrorBody['error']>,
): void {
  expect(response.status).toBe(status);
  const body = apiErrorBodySchema.strict().parse(response.body);
  expect(body.error).toMatchObject(error);
  expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
}
