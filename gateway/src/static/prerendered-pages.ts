import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { releasePath, type SectionName, type SectionVersion } from '@portal/contracts';
import { encodePage, type EncodedPage, type ShellPage } from './shell-page';

/**
 * Pages prerendered at build time (tools/prerender writes one JSON file per page into its section's
 * build, in a `prerendered/` folder: the marketing pages, sign-in and the account pages): served as
 * the shell's index.html with the page's head tags and its content in its section's slot, so the
 * first paint shows the page before any script runs; the section replaces the content with its own
 * render. Why: docs/adr/0066-prerendered-public-pages.md and 0222.
 */

/**
 * The shell's default head tags, which a page's own replace: its title, description, Open Graph and
 * Twitter tags (shell/src/index.html, as its build minifies it: attribute quotes may be gone).
 */
const DEFAULT_HEAD_TAGS =
  /<title>[^<]*<\/title>|<meta (?:name|property)="?(?:description|robots|og:[\w:]+|twitter:[\w:]+)"?[^>]*>|<link rel="?canonical"?[^>]*>/g;
/** The opening tag of a section's slot. */
const sectionSlot = (section: SectionName) => new RegExp(`<div id="?section-${section}"?>`);
/** Where the prerenderer wrote the site's origin (it ran on a local address). */
export const SITE_URL_TOKEN = '__PUBLIC_SITE_URL__';

export interface PageFragment {
  /** Title, description, canonical link, Open Graph, structured data and the page's styles. */
  head: string;
  /** The section's markup. */
  section: string;
}

// The paths the prerenderer writes: lower-case words between slashes, as the marketing routes are.
const pagePath = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

/**
 * The shell's page with `fragment` in `section`'s slot, or null when the page has no slot to put it
 * in.
 */
export function composePage(
  indexHtml: string,
  fragment: PageFragment,
  siteUrl: string,
  section: SectionName = 'marketing',
): string | null {
  const slot = sectionSlot(section);
  if (!slot.test(indexHtml) || !indexHtml.includes('</head>')) return null;
  const head = fragment.head.replaceAll(SITE_URL_TOKEN, siteUrl);
  const content = fragment.section.replaceAll(SITE_URL_TOKEN, siteUrl);
  // Functions as replacements: a `$` in the page's text is text, not a replacement pattern.
  return indexHtml
    .replace(DEFAULT_HEAD_TAGS, '')
    .replace('</head>', () => `${head}</head>`)
    .replace(slot, (opening) => opening + content);
}

/** A fragment's text with what identifies this version of it (a file's mtime, an HTTP ETag). */
export interface Fragment {
  version: string;
  text: string;
}

/** The release of a section whose fragments are read: its version, and its origin when not the store. */
export type FragmentRelease = Pick<SectionVersion, 'version' | 'baseUrl'> | null;

/**
 * Where the sections' prerendered fragments are read: `load` answers the fragment at `file` (relative
 * to the section's build: its `release` in the release store or on another origin, or with none the
 * build deployed beside the gateway), reusing `known` when it has not changed, or null when there is
 * none.
 */
export interface FragmentSource {
  load(
    section: SectionName,
    release: FragmentRelease,
    file: string,
    known: Fragment | undefined,
  ): Promise<Fragment | null>;
}

const FRAGMENT_FETCH_TIMEOUT_MS = 2_000;

/** A fragment over HTTP, asked with the ETag of the copy in hand (an unchanged one costs a 304). */
async function fetchFragment(url: string, known: Fragment | undefined): Promise<Fragment | null> {
  const response = await fetch(url, {
    headers: known ? { 'if-none-match': known.version } : {},
    signal: AbortSignal.timeout(FRAGMENT_FETCH_TIMEOUT_MS),
  });
  if (response.status === 304 && known) return known;
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { version: response.headers.get('etag') ?? '', text: await response.text() };
}

/**
 * The builds of the sections served from this machine (`npm start`): each one's `prerendered/` folder,
 * in its build or in the release store (or, for a release on another origin, there).
 */
export function fragmentFiles(
  sectionRoots: Partial<Record<SectionName, string>>,
  releaseStore: string,
): FragmentSource {
  return {
    async load(section, release, file, known) {
      if (release?.baseUrl) return fetchFragment(`${release.baseUrl}${file}`, known);
      const root = release ? path.join(releaseStore, section, release.version) : sectionRoots[section];
      if (!root) return null;
      const fragmentFile = path.join(root, file);
      const fileStat = await stat(fragmentFile).catch(() => null);
      if (!fileStat?.isFile()) return null;
      // A rebuild (a deploy, `nx build` beside a running stack) is picked up at once.
      const version = String(fileStat.mtimeMs);
      if (known?.version === version) return known;
      return { version, text: await readFile(fragmentFile, 'utf8') };
    },
  };
}

/**
 * The sections' builds on the static remotes' server (containers: STATIC_REMOTES_URL, where the gateway
 * also sends /mfe/*), asked on every page with the ETag of the copy in hand: a new release of a section
 * is served at once, and an unchanged fragment costs a 304.
 */
export function fragmentsAt(remotesUrl: string): FragmentSource {
  return {
    async load(section, release, file, known) {
      if (release?.baseUrl) return fetchFragment(`${release.baseUrl}${file}`, known);
      const base = release ? releasePath(section, release.version) : `/mfe/${section}/`;
      return fetchFragment(`${remotesUrl}${base}${file}`, known);
    },
  };
}

/** The release of a section new visitors get, or null for the build deployed beside the gateway. */
export type CurrentRelease = (section: SectionName) => Promise<FragmentRelease>;

export class PrerenderedPages {
  /** Fragments by path, as last read, with the release they were read from. */
  private readonly fragments = new Map<string, Fragment & { release: string | null }>();
  /** Composed pages by path, with the versions of the fragment and the shell page they were made from. */
  private readonly cache = new Map<string, { version: string; page: EncodedPage | null }>();

  constructor(
    private readonly shell: ShellPage,
    private readonly source: FragmentSource,
    private readonly siteUrl: string,
    private readonly currentRelease: CurrentRelease,
    private readonly onError: (error: unknown, file: string) => void = () => {},
  ) {}

  /**
   * The prerendered page at `urlPath` (a path without query), or null when there is none; `sectionFor`
   * names the section that serves a path, by the released routes.
   */
  async find(
    urlPath: string,
    sectionFor: (pathname: string) => SectionName | null,
  ): Promise<EncodedPage | null> {
    const pathname = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath;
    const section = pagePath.test(pathname) ? sectionFor(pathname) : null;
    if (!section) return null;
    const file = `prerendered/${pathname === '/' ? 'index' : pathname.slice(1)}.json`;
    try {
      const release = await this.currentRelease(section);
      const releaseKey = release ? `${release.version}@${release.baseUrl ?? ''}` : null;
      const known = this.fragments.get(pathname);
      const [fragment, shell] = await Promise.all([
        this.source.load(section, release, file, known?.release === releaseKey ? known : undefined),
        this.shell.current(),
      ]);
      if (!fragment || !shell) {
        this.fragments.delete(pathname);
        return null;
      }
      this.fragments.set(pathname, { ...fragment, release: releaseKey });
      const version = `${releaseKey}:${fragment.version}:${shell.version}`;
      const cached = this.cache.get(pathname);
      if (cached?.version === version) return cached.page;
      const html = composePage(
        shell.page.html.toString(),
        JSON.parse(fragment.text) as PageFragment,
        this.siteUrl,
        section,
      );
      const page = html === null ? null : encodePage(Buffer.from(html));
      this.cache.set(pathname, { version, page });
      return page;
    } catch (error) {
      // The client-rendered page still works: a broken or unreachable fragment costs the prerendered paint only.
      this.onError(error, `mfe/${section}/${file}`);
      return null;
    }
  }
}
