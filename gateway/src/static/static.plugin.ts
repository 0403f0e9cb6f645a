import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SECTION_NAMES } from '@portal/contracts';
import { ifNoneMatchMatches } from '@portal/nest-http';
import type { GatewayConfig } from '../config/env';
import { proxyTo } from '../proxy/upstream-client';
import { contentSecurityPolicyWith, SECTION_CODE_DIRECTIVES } from '../security/security-headers';
import { UpstreamPool } from '../proxy/upstream-pool';
import { cacheControlFor, immutable, noCache } from './cache-control';
import { fragmentFiles, fragmentsAt, PrerenderedPages } from './prerendered-pages';
import { manifestRoutes, ReleasedRoutes } from './released-routes';
import { searchEngineFiles } from './search-engines';
import {
  CANARY_COOKIE,
  canaryBucket,
  hasCanary,
  mfeManifest,
  newCanaryBucket,
  SectionReleases,
  sectionOrigins,
  versionFor,
} from './section-releases';
import { encodePage, ShellPage, type EncodedPage } from './shell-page';

const sendOptions = {
  preCompressed: true,
  cacheControl: false,
  index: false,
  dotfiles: 'ignore',
  suppressWarning: true,
  setHeaders: (reply: FastifyReply, filePath: string) =>
    reply.header('cache-control', cacheControlFor(filePath)),
} as const;

// A last path segment with an extension names a file; anything else is a client-side route.
const fileLike = /\.[^/]+$/;

const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();

// Source maps carry the full sources: builds keep them out of the served folders, and a map that is
// there all the same (an older build, a remote's nginx) is never sent.
const sourceMap = /\.map$/i;

/**
 * A response compressed in memory (`encodePage`), in the encoding the client accepts, revalidated by
 * `etag` (the encoded body's own unless given).
 */
function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  encoded: EncodedPage,
  { type, etag = encoded.etag, vary = 'accept-encoding' }: { type: string; etag?: string; vary?: string },
) {
  reply.header('cache-control', noCache).header('vary', vary).header('etag', etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.type(type);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? encoded[encoding] : encoded.html);
}

/**
 * A page composed and compressed in memory (the shell's, or a prerendered one), revalidated by its ETag.
 * Its Content-Security-Policy (set for every response) also allows the other origins sections are
 * served from, and its ETag changes with them, so a browser never keeps a page under an older policy.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage, otherOrigins: string[]) {
  const policy = reply.raw.getHeader('content-security-policy');
  let etag = page.etag;
  if (otherOrigins.length > 0 && typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      contentSecurityPolicyWith(policy, SECTION_CODE_DIRECTIVES, otherOrigins),
    );
    const origins = createHash('sha256').update(otherOrigins.join(' ')).digest('base64url').slice(0, 8);
    etag = `${page.etag.slice(0, -1)}.${origins}"`;
  }
  return sendEncoded(request, reply, page, { type: 'text/html; charset=utf-8', etag });
}

/** How long a browser stays on its side of a canary: longer than any canary lasts. */
const CANARY_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * `/mfe-manifest.json`: where each section's code is, as released (section-releases.ts), and the routes
 * each serves (`routes`, released-routes.ts), compressed and revalidated by its ETag. During a canary,
 * each browser gets a bucket in a cookie and keeps its side.
 */
function manifestRoute(
  app: FastifyInstance,
  releases: SectionReleases,
  routes: ReleasedRoutes,
  secureCookies: boolean,
) {
  // The manifests answered lately, compressed once each (there are two during a canary, else one).
  const encoded = new Map<string, EncodedPage>();
  app.get('/mfe-manifest.json', async (request, reply) => {
    const state = await releases.state();
    let bucket = canaryBucket(request.headers.cookie);
    if (bucket === null && hasCanary(state)) {
      bucket = newCanaryBucket();
      reply.header(
        'set-cookie',
        `${CANARY_COOKIE}=${bucket}; Path=/; Max-Age=${CANARY_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`,
      );
    }
    const body = JSON.stringify({
      ...mfeManifest(state, bucket),
      routes: manifestRoutes(await routes.forVisitor(state, bucket)),
    });
    let manifest = encoded.get(body);
    if (!manifest) {
      if (encoded.size >= 4) encoded.clear();
      manifest = encodePage(Buffer.from(body));
      encoded.set(body, manifest);
    }
    return sendEncoded(request, reply, manifest, {
      type: 'application/json; charset=utf-8',
      vary: 'accept-encoding, cookie',
    });
  });
}

/**
 * The built front end: the shell at `/` (index.html for every client route, so the shell's router and
 * its 404 page take over, with status 404 where the site has no page), each remote at `/mfe/<name>/`
 * and each of its releases at `/mfe/<name>/releases/<version>/`, and a JSON 404 for a missing file.
 */
export async function staticSite(app: FastifyInstance, { config }: { config: GatewayConfig }) {
  const { shellRoot, remoteRoots, remotesUrl, releasesRoot } = config.static;
  const releases = new SectionReleases(releasesRoot, (error) =>
    app.log.error({ err: error }, 'the release state is unreadable; keeping the last one read'),
  );
  // The sections' files: in their builds here or in the release store, or on the static remotes' server.
  const sectionFiles = remotesUrl ? fragmentsAt(remotesUrl) : fragmentFiles(remoteRoots, releasesRoot);
  const routes = new ReleasedRoutes(sectionFiles, (error, file) =>
    app.log.error({ err: error, file }, "a section's routes are unavailable; its paths are not found"),
  );
  manifestRoute(app, releases, routes, config.publicSiteUrl.startsWith('https:'));
  await app.register(searchEngineFiles, {
    siteUrl: config.publicSiteUrl,
    currentRoutes: async () => routes.forVisitor(await releases.state(), null),
  });

  // Every route below, the shell's and the remotes' (served here or passed to nginx), takes the path
  // after its prefix as the `*` parameter, already decoded.
  app.addHook('onRequest', async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply) => {
    if (sourceMap.test(request.params['*'] ?? '')) return reply.callNotFound();
  });

  // Only the `sendFile` decorator: the catch-all route below decides what to send.
  await app.register(fastifyStatic, { ...sendOptions, root: shellRoot, serve: false });

  const shellPage = new ShellPage(shellRoot);
  // Pages the sections' builds prerendered.
  const prerendered = new PrerenderedPages(
    shellPage,
    sectionFiles,
    config.publicSiteUrl,
    async (section) => versionFor(await releases.state(), section, null),
    (error, file) => app.log.error({ err: error, file }, 'prerendered page unavailable; serving index.html'),
  );

  app.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const file = request.params['*'];
    if (fileLike.test(file)) return reply.sendFile(file);
    const state = await releases.state();
    const origins = sectionOrigins(state);
    const current = await routes.forVisitor(state, null);
    const page = await prerendered.find(`/${file}`, current.matcher.sectionFor);
    if (page) return sendPage(request, reply, page, origins);
    // The shell shows its not-found page where no section serves the path (by the routes of the
    // versions this browser gets); crawlers get the 404 too.
    const { matcher } = await routes.forVisitor(state, canaryBucket(request.headers.cookie));
    reply.code(matcher.pageExists(`/${file}`) ? 200 : 404);
    // Compressed and with an ETag like a prerendered page; sendFile answers a build without one.
    const shell = await shellPage.get();
    return shell ? sendPage(request, reply, shell, origins) : reply.sendFile('index.html');
  });

  app.all('/mfe', notFound);
  if (remotesUrl) {
    // In containers nginx serves the remotes (gzip_static, the same cache rules): pass /mfe/* through.
    const handler = proxyTo({
      name: 'static remotes',
      pool: new UpstreamPool('static remotes', [remotesUrl]),
      timeoutMs: 5_000,
    });
    app.route({ method: ['GET', 'HEAD'], url: '/mfe/*', handler });
    return;
  }
  for (const name of SECTION_NAMES) {
    // Every version in the store, current or not: a candidate is checked here before the switch, and
    // the tabs still running an earlier one keep loading its chunks. A folder's name is its content's hash.
    await app.register(fastifyStatic, {
      ...sendOptions,
      root: path.join(releasesRoot, name),
      prefix: `/mfe/${name}/releases/`,
      decorateReply: false,
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', immutable),
    });
    await app.register(fastifyStatic, {
      ...sendOptions,
      root: remoteRoots[name],
      prefix: `/mfe/${name}/`,
      decorateReply: false,
    });
  }
  // An unknown remote is a missing file, not an app route.
  app.all('/mfe/*', notFound);
}
