import { isInternalPath } from '@portal/ui';

/**
 * Where to go after login: the `redirect` query parameter when it leads to a path of this site,
 * else the fallback (the open-redirect guard of `/login?redirect=`).
 *
 * The parameter is resolved as the browser will resolve it (dot segments, `%2e`, tabs, newlines and
 * backslashes included: `/..//evil.example` resolves to `//evil.example`), and the resolved path,
 * which is what the caller navigates to, is checked again: it must be a same-site path that resolves
 * to itself.
 */
export function safeRedirect(search: string, fallback: string, origin = window.location.origin): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !isInternalPath(target)) return fallback;
  const resolved = sameSitePath(target, origin);
  return resolved !== undefined && sameSitePath(resolved, origin) === resolved ? resolved : fallback;
}

/** The path + search + hash `target` resolves to on `origin`, when it stays there as a `/path`. */
function sameSitePath(target: string, origin: string): string | undefined {
  const url = new URL(target, origin);
  const path = url.pathname + url.search + url.hash;
  return url.origin === origin && isInternalPath(path) && !path.startsWith('/\\') ? path : undefined;
}
