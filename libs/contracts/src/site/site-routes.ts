// The site's sections and how a path finds the section that serves it. Each section owns its routes
// (its `src/routes.ts`, emitted by its build as `routes.json`); the gateway hands the released ones to
// the shell in `/mfe-manifest.json`, so a new page is a deploy of its section alone
// (docs/adr/0231-sections-own-their-routes.md).
// No zod here: the shell imports this module statically.

export const SECTION_NAMES = ['marketing', 'checkout', 'dashboard', 'staff'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/**
 * A path a section serves, as react-router matches it (`/blog/:slug`); or such a pattern with the only
 * values of its last parameter that have a page (any other value is the not-found page, status 404).
 */
export type SectionRoute = string | { readonly path: string; readonly only: readonly string[] };

/** A section's `routes.json`: its paths, the pages it lists for search engines and those its build prerenders. */
export interface SectionRoutes {
  readonly routes: readonly SectionRoute[];
  /** Pages for the sitemap, with the date of their last change as the site writes it. */
  readonly sitemap?: readonly { readonly path: string; readonly updated?: string }[];
  /** Pages the build prerenders (tools/prerender), with the address it opens when not the path itself. */
  readonly prerender?: readonly { readonly path: string; readonly visit?: string }[];
}

/** The file each section's build writes beside its `mf-manifest.json`. */
export const SECTION_ROUTES_FILE = 'routes.json';

/** The routes of each section, as released: what the shell routes by and the gateway answers 200 for. */
export type RouteTable = Partial<Record<SectionName, readonly SectionRoute[]>>;

export const routePattern = (route: SectionRoute) => (typeof route === 'string' ? route : route.path);

/**
 * A route as react-router's `matchPath` matches it: case-insensitive, a `:param` is one non-empty
 * segment, trailing slashes allowed. The last parameter's value is the match's group 1.
 */
function routeExpression(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/*$`, 'i');
}

interface CompiledRoute {
  expression: RegExp;
  only: readonly string[] | null;
}

/** A route table ready to match paths against. */
export interface RouteMatcher {
  /** The section that serves this path, or null for the not-found page (the shell's and the gateway's). */
  sectionFor(pathname: string): SectionName | null;
  /**
   * Whether a page answers at this path (HTTP 200) rather than the not-found page (404): a route of a
   * section and, for a route that lists its only pages, one of them (the value as written).
   */
  pageExists(pathname: string): boolean;
}

export function routeMatcher(table: RouteTable): RouteMatcher {
  const sections = SECTION_NAMES.map((name) => ({
    name,
    routes: (table[name] ?? []).map((route): CompiledRoute => ({
      expression: routeExpression(routePattern(route)),
      only: typeof route === 'string' ? null : route.only,
    })),
  }));
  const match = (pathname: string) => {
    for (const { name, routes } of sections) {
      for (const route of routes) {
        const found = route.expression.exec(pathname);
        if (found) return { name, route, value: found.length > 1 ? found[found.length - 1] : undefined };
      }
    }
    return null;
  };
  return {
    sectionFor: (pathname) => match(pathname)?.name ?? null,
    pageExists(pathname) {
      const found = match(pathname);
      if (!found) return false;
      return found.route.only === null || found.route.only.includes(found.value ?? '');
    },
  };
}
