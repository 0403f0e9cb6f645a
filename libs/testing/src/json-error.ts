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
