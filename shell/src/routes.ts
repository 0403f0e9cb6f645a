import { matchPath } from 'react-router-dom';
import { SECTION_NAMES, SECTION_ROUTES, type SectionName } from '@portal/contracts';

/**
 * The section that serves this path, or null for the not-found page: the route table of
 * @portal/contracts matched by react-router, as each section's own routes match it.
 */
export function sectionForPath(pathname: string): SectionName | null {
  return (
    SECTION_NAMES.find((name) => SECTION_ROUTES[name].some((route) => matchPath(route, pathname))) ?? null
  );
}
