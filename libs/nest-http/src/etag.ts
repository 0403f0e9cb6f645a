/**
 * Whether a request's `If-None-Match` matches `etag` (RFC 9110 §13.1.2: `*`, or any tag of the list by
 * weak comparison), so that a GET or HEAD is answered 304.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
