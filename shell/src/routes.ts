import { SECTION_NAMES, SECTION_ROUTES, type SectionName } from '@portal/contracts';

// The route table lives in @portal/contracts (site/site-routes.ts): the e2e suite reads it too.
export { SECTION_NAMES, SECTION_ROUTES, type SectionName };

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Like React Router: case-insensitive, trailing slash ignored, `:param` matches one segment. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  if (want.length !== got.length) return false;
  return want.every((part, i) => part.startsWith(':') || part.toLowerCase() === got[i].toLowerCase());
}

/** The section that serves this path, or null for the not-found page. */
export function sectionForPath(pathname: string): SectionName | null {
  return (
    SECTION_NAMES.find((name) => SECTION_ROUTES[name].some((route) => matchesRoute(route, pathname))) ?? null
  );
}
