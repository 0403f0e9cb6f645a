import { LOCATION_CHANGE_EVENT } from './routing';
import type { MouseEvent } from 'react';

/** A same-site path such as `/pricing` or `/login?redirect=/dashboard` (not `//host` or a URL). */
export function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * Client-side navigation without a page reload. single-spa patches `history.pushState` and answers
 * it with a popstate event, so the root config re-routes the sections; each section's routes follow
 * the location hooks of `routing.tsx`, which also hear LOCATION_CHANGE_EVENT.
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(LOCATION_CHANGE_EVENT));
}

/**
 * onClick for an internal `<a href>`: plain left clicks navigate in place; modified clicks
 * (new tab, new window, download) keep the browser's behaviour.
 */
export function followLink(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  if (event.currentTarget.target && event.currentTarget.target !== '_self') return;
  if (!isInternalPath(href)) return;
  event.preventDefault();
  navigate(href);
}
