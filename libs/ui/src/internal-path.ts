/** A same-site path such as `/pricing` or `/login?redirect=/dashboard` (not `//host` or a URL). */
export function isInternalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
