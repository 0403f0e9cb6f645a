/**
 * POSTs `body` as it stands, not JSON-encoded, with the content type given: how a client that
 * sends a form, plain text or broken JSON reaches a service. `headers` add to the content type
 * (a bearer token, a forwarded address, a signature).
 */
export function postRawBody(
  url: string,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body });
}
