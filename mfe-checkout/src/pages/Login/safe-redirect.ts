import { isInternalPath } from '@portal/ui';

/** A stand-in origin to resolve paths against: only whether a path leaves it matters. */
const SAME_SITE = 'http://portal.invalid';

/**
 * Where to go after login: the `redirect` query parameter when it is a same-site relative path,
 * else the fallback (the open-redirect guard of `/login?redirect=`).
 */
export function safeRedirect(search: string, fallback: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !isInternalPath(target) || target.includes('\\')) return fallback;
  // The URL parser drops tabs and newlines (`/\t/evil.example` reads as `//evil.example`): judge
  // where the path actually leads.
  const url = new URL(target, SAME_SITE);
  return url.origin === SAME_SITE ? url.pathname + url.search + url.hash : fallback;
}
