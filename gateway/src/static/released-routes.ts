import {
  routeMatcher,
  routePattern,
  SECTION_NAMES,
  SECTION_ROUTES_FILE,
  sectionRoutesFile,
  type ReleaseState,
  type RouteMatcher,
  type SectionName,
  type SectionRoutes,
} from '@portal/contracts';
import type { Fragment, FragmentRelease, FragmentSource } from './prerendered-pages';
import { versionFor } from './section-releases';

/** How often the routes of a build deployed beside the gateway are read again (a released version's never change). */
const RECHECK_MS = 1_000;

interface Read {
  fragment: Fragment | null;
  routes: SectionRoutes | null;
  checkedAt: number;
}

/** The routes of each section as released for a visitor, and what follows from them. */
export interface SiteRoutes {
  /** Each section's routes; a section whose `routes.json` is missing or broken serves no page. */
  sections: Partial<Record<SectionName, SectionRoutes>>;
  matcher: RouteMatcher;
}

/**
 * The sections' own routes (docs/adr/0231-sections-own-their-routes.md): each section's build writes
 * `routes.json` beside its code, and the routes of the version a visitor gets decide which section
 * the shell mounts (they go into `/mfe-manifest.json`), which paths answer 200, which pages are
 * prerendered and what the sitemap lists. Read from where the section's other files are read.
 */
export class ReleasedRoutes {
  private readonly reads = new Map<string, Read>();
  private readonly pending = new Map<string, Promise<Read>>();
  private readonly matchers = new Map<string, SiteRoutes>();

  constructor(
    private readonly source: FragmentSource,
    private readonly onError: (error: unknown, file: string) => void = () => {},
  ) {}

  /** The routes of the versions a visitor in `bucket` gets (null: no canary side, the current ones). */
  async forVisitor(state: ReleaseState, bucket: number | null): Promise<SiteRoutes> {
    const reads = await Promise.all(
      SECTION_NAMES.map(async (section) => {
        const release = versionFor(state, section, bucket);
        return { section, key: releaseKey(section, release), read: await this.read(section, release) };
      }),
    );
    const key = reads
      .map(({ key: readKey, read }) => `${readKey}=${read.fragment?.version ?? '-'}`)
      .join(' ');
    let site = this.matchers.get(key);
    if (!site) {
      const sections = Object.fromEntries(
        reads.flatMap(({ section, read }) => (read.routes ? [[section, read.routes]] : [])),
      ) as SiteRoutes['sections'];
      const table = Object.fromEntries(
        Object.entries(sections).map(([section, { routes }]) => [section, routes]),
      );
      site = { sections, matcher: routeMatcher(table) };
      if (this.matchers.size >= 8) this.matchers.clear();
      this.matchers.set(key, site);
    }
    return site;
  }

  private read(section: SectionName, release: FragmentRelease): Promise<Read> {
    const key = releaseKey(section, release);
    const known = this.reads.get(key);
    // A released version's files never change: only a build beside the gateway is read again.
    if (known && (release || Date.now() - known.checkedAt < RECHECK_MS)) return Promise.resolve(known);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.load(section, release, known).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async load(section: SectionName, release: FragmentRelease, known: Read | undefined): Promise<Read> {
    const key = releaseKey(section, release);
    let read: Read;
    try {
      const fragment = await this.source.load(
        section,
        release,
        SECTION_ROUTES_FILE,
        known?.fragment ?? undefined,
      );
      const routes =
        fragment === known?.fragment && known
          ? known.routes
          : fragment && sectionRoutesFile.parse(JSON.parse(fragment.text));
      read = { fragment, routes, checkedAt: Date.now() };
      // Said once, not on every read: the section's paths are the not-found page until it has one.
      if (!fragment && (!known || known.fragment)) {
        this.onError(new Error(`${section} has no ${SECTION_ROUTES_FILE}`), fileOf(section, release));
      }
    } catch (error) {
      // An unreachable or broken file keeps what was read last; the next request tries again.
      this.onError(error, fileOf(section, release));
      read = { fragment: known?.fragment ?? null, routes: known?.routes ?? null, checkedAt: Date.now() };
    }
    if (this.reads.size >= 32) this.reads.clear();
    this.reads.set(key, read);
    return read;
  }
}

const releaseKey = (section: SectionName, release: FragmentRelease) =>
  `${section}@${release ? `${release.version}${release.baseUrl ?? ''}` : 'built'}`;

const fileOf = (section: SectionName, release: FragmentRelease) =>
  `mfe/${section}/${release ? `releases/${release.version}/` : ''}${SECTION_ROUTES_FILE}`;

/** The route patterns of each section, as the shell routes by them (`routes` in `/mfe-manifest.json`). */
export const manifestRoutes = ({ sections }: SiteRoutes) =>
  Object.fromEntries(
    Object.entries(sections).map(([section, { routes }]) => [section, routes.map(routePattern)]),
  ) as Partial<Record<SectionName, string[]>>;

/** The pages of every section for search engines, in the sections' order. */
export const sitemapPages = ({ sections }: SiteRoutes) =>
  SECTION_NAMES.flatMap((section) => sections[section]?.sitemap ?? []);
