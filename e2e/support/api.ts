import type { APIResponse } from '@playwright/test';

/** The JSON body of a call that must succeed; otherwise an error naming `what`, the status and the body. */
export async function ok<T>(what: string, response: Promise<APIResponse>): Promise<T> {
  const answered = await response;
  if (!answered.ok()) throw new Error(`${what}: ${answered.status()} ${await answered.text()}`);
  return (await answered.json()) as T;
}
