/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every 50 ms until it answers a truthy value, and returns that value; throws
 * "Timed out waiting for <what>" once `timeoutMs` has passed. For what a service does in the
 * background: a relay publishing, a consumer counting, a connection coming up.
 */
export async function waitFor<T>(
  probe: () => Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}
