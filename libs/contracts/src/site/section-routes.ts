import { z } from 'zod';
import { isoDate } from './public-site';
import type { SectionRoutes } from './site-routes';

/** A route pattern: a path from the root, its segments words or `:parameters`. */
const routePattern = z
  .string()
  .regex(
    /^\/(?:(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*))*)?$/,
    {
      error: 'must be a path from / with words or :parameters between slashes',
    },
  );

const pagePath = z.string().regex(/^\/[A-Za-z0-9._~/-]*$/, { error: 'must be a path from /' });

/**
 * A section's `routes.json` (site-routes.ts, `SectionRoutes`): checked where it is read (the build
 * that writes it, the gateway, the release command), since a section's build is deployed alone.
 */
export const sectionRoutesFile = z.object({
  routes: z
    .array(
      z.union([
        routePattern,
        z.object({
          path: routePattern.refine((pattern) => pattern.includes('/:'), {
            error: 'a route that lists its only pages needs a :parameter',
          }),
          only: z.array(
            z
              .string()
              .min(1)
              .regex(/^[^/]+$/, { error: 'must be one path segment' }),
          ),
        }),
      ]),
    )
    .min(1, { error: 'a section serves at least one route' }),
  sitemap: z
    .array(
      z.object({
        path: pagePath,
        updated: z
          .string()
          .refine(
            (shown) => {
              try {
                return Boolean(isoDate(shown));
              } catch {
                return false;
              }
            },
            { error: "must be a date like 'December 15, 2024'" },
          )
          .optional(),
      }),
    )
    .optional(),
  prerender: z.array(z.object({ path: pagePath, visit: z.string().startsWith('/').optional() })).optional(),
}) satisfies z.ZodType<SectionRoutes>;
