// Bounded waiting: every loop of the suite has a deadline.
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value (which is returned) or `timeoutMs` passes. */
export async function waitFor(probe, { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) {
      const reason = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`${what}: not reached within ${timeoutMs} ms (last: ${reason})`);
    }
    await sleep(intervalMs);
  }
}

/** Polls `url` until it answers 200; answers how long that took. */
export async function waitForHttp(url, { timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  await waitFor(
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return true;
    },
    { timeoutMs, intervalMs: 100, what: `${url} answering 200` },
  );
  return Date.now() - started;
}
