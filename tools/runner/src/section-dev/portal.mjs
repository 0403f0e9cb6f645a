// The portal the front door stands in front of: `npm start`'s gateway or a deployed environment.

/**
 * The portal's `/mfe-manifest.json`, fetched as the browser would (its cookie carries the canary
 * bucket). Rejects with a message that names PORTAL_URL when the portal cannot be reached or refuses.
 * @param {string} portalUrl
 * @param {{ cookie?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ manifest: unknown, setCookies: string[] }>}
 */
export async function fetchPortalManifest(portalUrl, { cookie, timeoutMs = 5000 } = {}) {
  const url = new URL('/mfe-manifest.json', portalUrl).href;
  let response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(cookie && { cookie }) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (caught) {
    const error = /** @type {Error & { cause?: { code?: string, message?: string } }} */ (caught);
    throw new Error(
      `PORTAL_URL ${portalUrl} is not reachable (${error.cause?.code ?? error.cause?.message ?? error.message}). ` +
        'Start the portal with `npm start`, or set PORTAL_URL to a running environment.',
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(
      `PORTAL_URL ${portalUrl} answered ${url} with HTTP ${response.status}: is it the portal?`,
    );
  }
  const manifest = await response.json().catch(() => {
    throw new Error(
      `PORTAL_URL ${portalUrl} answered ${url} with something other than JSON: is it the portal?`,
    );
  });
  return { manifest, setCookies: response.headers.getSetCookie() };
}
