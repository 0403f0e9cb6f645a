import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Marketing pages prerendered at build time (tools/prerender writes one JSON file per page into the
 * marketing build's `prerendered/` folder): served as the shell's index.html with the page's head
 * tags and its content in place, so the first paint shows the page before any script runs; the
 * marketing section replaces the content with its own render. Why:
 * docs/adr/0066-prerendered-public-pages.md.
 */

/**
 * The shell's default head tags, which a page's own replace: its title, description, Open Graph and
 * Twitter tags (shell/src/index.html, as its build minifies it: attribute quotes may be gone).
 */
const DEFAULT_HEAD_TAGS =
  /<title>[^<]*<\/title>|<meta (?:name|property)="?(?:description|robots|og:[\w:]+|twitter:[\w:]+)"?[^>]*>|<link rel="?canonical"?[^>]*>/g;
/** The opening tag of the marketing section's slot. */
const SECTION_SLOT = /<div id="?section-marketing"?>/;
/** Where the prerenderer wrote the site's origin (it ran on a local address). */
export const SITE_URL_TOKEN = '__PUBLIC_SITE_URL__';

export interface PageFragment {
  /** Title, description, canonical link, Open Graph, structured data and the page's styles. */
  head: string;
  /** The section's markup. */
  section: string;
}

export interface PrerenderedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Weak (one for the three encodings, compared weakly by If-None-Match): the page's text. */
  etag: string;
}

// The paths the prerenderer writes: lower-case words between slashes, as the marketing routes are.
const pagePath = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

/** The shell's page with `fragment` in place, or null when the page has no slot to put it in. */
export function composePage(indexHtml: string, fragment: PageFragment, siteUrl: string): string | null {
  if (!SECTION_SLOT.test(indexHtml) || !indexHtml.includes('</head>')) return null;
  const head = fragment.head.replaceAll(SITE_URL_TOKEN, siteUrl);
  // Functions as replacements: a `$` in the page's text is text, not a replacement pattern.
  return indexHtml
    .replace(DEFAULT_HEAD_TAGS, '')
    .replace('</head>', () => `${head}</head>`)
    .replace(SECTION_SLOT, (slot) => slot + fragment.section);
}

function compressed(html: string): PrerenderedPage {
  const buffer = Buffer.from(html);
  return {
    html: buffer,
    gzip: zlib.gzipSync(buffer, { level: 9 }),
    br: zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `W/"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"`,
  };
}

export class PrerenderedPages {
  /** Composed pages by path, with the file versions they were made from. */
  private readonly cache = new Map<string, { version: string; page: PrerenderedPage | null }>();

  constructor(
    private readonly shellRoot: string,
    private readonly pagesRoot: string,
    private readonly siteUrl: string,
    private readonly onError: (error: unknown, file: string) => void = () => {},
  ) {}

  /** The prerendered page at `urlPath` (a path without query), or null when there is none. */
  async find(urlPath: string): Promise<PrerenderedPage | null> {
    const pathname = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath;
    if (!pagePath.test(pathname)) return null;
    const fragmentFile = path.join(this.pagesRoot, `${pathname === '/' ? 'index' : pathname.slice(1)}.json`);
    const indexFile = path.join(this.shellRoot, 'index.html');
    const [fragmentStat, indexStat] = await Promise.all([
      stat(fragmentFile).catch(() => null),
      stat(indexFile).catch(() => null),
    ]);
    if (!fragmentStat?.isFile() || !indexStat?.isFile()) return null;

    // A rebuild of either file (a deploy, `nx build` beside a running stack) is picked up at once.
    const version = `${fragmentStat.mtimeMs}:${indexStat.mtimeMs}`;
    const cached = this.cache.get(pathname);
    if (cached?.version === version) return cached.page;
    let page: PrerenderedPage | null = null;
    try {
      const [fragment, indexHtml] = await Promise.all([
        readFile(fragmentFile, 'utf8'),
        readFile(indexFile, 'utf8'),
      ]);
      const html = composePage(indexHtml, JSON.parse(fragment) as PageFragment, this.siteUrl);
      page = html === null ? null : compressed(html);
    } catch (error) {
      // The client-rendered page still works: a broken file costs the prerendered paint only.
      this.onError(error, fragmentFile);
    }
    this.cache.set(pathname, { version, page });
    return page;
  }
}
