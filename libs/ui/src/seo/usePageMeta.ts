import { useEffect } from 'react';
import { applyPageMeta, applyPageTitle, type PageMeta } from './head-tags';

/**
 * The page's head tags while it is shown (see `PageMeta`); when it goes, the next page's replace
 * them, or the shell's first-paint defaults come back. No tag is ever left twice in the head.
 */
export function usePageMeta(meta: PageMeta): void {
  // By value: callers build the object (and its structured data) afresh on every render.
  const key = JSON.stringify(meta);
  useEffect(() => applyPageMeta(JSON.parse(key) as PageMeta), [key]);
}

/** Only `<title>` ('<title> | Millstone CX') while shown: for states that are not pages of their own. */
export function usePageTitle(title: string): void {
  useEffect(() => applyPageTitle(title), [title]);
}
