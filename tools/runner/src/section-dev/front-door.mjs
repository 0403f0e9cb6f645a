// The local front door of the one-section dev loop: one origin for the browser that serves the portal
// (shell page, other sections, /api, cookies: all proxied from PORTAL_URL) and a `/mfe-manifest.json`
// in which the section under development points at its webpack dev server. /api stays on this origin,
// so sign-in and the session behave as on the portal itself; with a service under development, the
// paths it answers go to its local process instead (`service`).
import http from 'node:http';
import https from 'node:https';
import { once } from 'node:events';
import { policyAllowingDevServer } from './content-security-policy.mjs';
import { manifestWithDevSection } from './manifest.mjs';
import { fetchPortalManifest } from './portal.mjs';

// Headers of one connection, not of the message: never forwarded by a proxy (RFC 9110, 7.6.1).
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** A cookie the portal sets for its own domain is set for the front door's instead (host-only). */
function withoutDomain(setCookie) {
  return setCookie.replace(/;\s*domain=[^;]*/i, '');
}

/**
 * The portal's response headers as the browser must see them from the front door.
 * @param {http.IncomingHttpHeaders} headers
 * @param {{ portalUrl: string, frontDoorUrl: string, devServerUrl: string }} urls
 */
export function frontDoorResponseHeaders(headers, { portalUrl, frontDoorUrl, devServerUrl }) {
  /** @type {http.OutgoingHttpHeaders} */
  const result = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name)) continue;
    if (name === 'content-security-policy' && typeof value === 'string') {
      result[name] = policyAllowingDevServer(value, devServerUrl);
    } else if (
      name === 'location' &&
      typeof value === 'string' &&
      new URL(value, portalUrl).origin === portalUrl
    ) {
      // A redirect to the portal's own origin stays on the front door.
      const { pathname, search, hash } = new URL(value, portalUrl);
      result[name] = frontDoorUrl + pathname + search + hash;
    } else if (name === 'set-cookie' && Array.isArray(value)) {
      result[name] = value.map(withoutDomain);
    } else {
      result[name] = value;
    }
  }
  return result;
}

/**
 * @param {{ portalUrl: string, section: string, devServerUrl: string, port: number, host?: string,
 *   log: (line: string) => void,
 *   service?: { url: string, answers: (pathname: string) => boolean } }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startFrontDoor({
  portalUrl,
  section,
  devServerUrl,
  port,
  host = 'localhost',
  log,
  service,
}) {
  let frontDoorUrl = '';

  async function serveManifest(request, response) {
    try {
      const { manifest, setCookies } = await fetchPortalManifest(portalUrl, {
        cookie: request.headers.cookie,
      });
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
        ...(setCookies.length > 0 && { 'set-cookie': setCookies.map(withoutDomain) }),
      });
      response.end(JSON.stringify(manifestWithDevSection(manifest, section, devServerUrl)));
    } catch (caught) {
      const message = /** @type {Error} */ (caught).message;
      log(`/mfe-manifest.json: ${message}`);
      response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ statusCode: 502, message }));
    }
  }

  function proxy(request, response, origin) {
    const target = new URL(request.url ?? '/', origin);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !hopByHop.has(name) && name !== 'host'),
    );
    const client = target.protocol === 'https:' ? https : http;
    const upstream = client.request(target, { method: request.method, headers }, (answer) => {
      response.writeHead(
        answer.statusCode ?? 502,
        frontDoorResponseHeaders(answer.headers, { portalUrl, frontDoorUrl, devServerUrl }),
      );
      answer.pipe(response);
    });
    upstream.on('error', (error) => {
      log(`${request.method} ${request.url}: ${error.message}`);
      if (response.headersSent) return response.destroy(error);
      response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      const what = origin === portalUrl ? `PORTAL_URL ${portalUrl}` : `the local service at ${origin}`;
      response.end(JSON.stringify({ statusCode: 502, message: `${what}: ${error.message}` }));
    });
    // A browser that goes away (a closed live stream) ends the upstream request too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  }

  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://front-door');
    if (pathname === '/mfe-manifest.json' && (request.method === 'GET' || request.method === 'HEAD')) {
      void serveManifest(request, response);
    } else if (service?.answers(pathname)) {
      proxy(request, response, service.url);
    } else {
      proxy(request, response, portalUrl);
    }
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { port: boundPort } = /** @type {import('node:net').AddressInfo} */ (server.address());
  frontDoorUrl = `http://localhost:${boundPort}`;
  return {
    url: frontDoorUrl,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
