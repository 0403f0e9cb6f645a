import type { Page, Request } from '@playwright/test';

/**
 * Watches `page`'s requests from now on. `quiet()` resolves once none has been in flight for
 * `quietMs`: Playwright's 'networkidle', but one that can be awaited again after the load, e.g. once
 * a section has mounted and fetched what it needs.
 */
export function watchNetwork(page: Page) {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);

  return {
    async quiet(quietMs = 500, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) {
          const urls = [...pending].map((request) => request.url()).join(', ');
          throw new Error(`the network did not go quiet within ${timeoutMs} ms; in flight: ${urls || 'none'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
