/**
 * Asserts a service's JSON error answer: the status, a JSON content type and the body
 * `{ statusCode, message }` (any message), as createServiceApp answers a body it cannot read.
 */
export async function expectJsonError(response: Response, statusCode: number): Promise<void> {
  expect(response.status).toBe(statusCode);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ statusCode, message: expect.any(String) });
}
