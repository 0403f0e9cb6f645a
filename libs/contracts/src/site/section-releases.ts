import { z } from 'zod';
import { SECTION_NAMES, type SectionName } from './site-routes';

/**
 * The released versions of each section (docs/adr/0229-release-and-rollback-of-a-section.md): written
 * by `npm run release` and `npm run rollback` (tools/release), read by the gateway, which answers
 * `/mfe-manifest.json` from it and serves every version still in the store.
 */

/** A release's name: the first hex digits of the SHA-256 of its files (names and contents). */
export const releaseVersion = z.string().regex(/^[0-9a-f]{12}$/, 'must be 12 lower-case hex digits');

const sectionReleases = z
  .object({
    /**
     * Every version still in the store, in the order they became current (the one before the current
     * is where a rollback goes back to), with the moment they stopped being current, if they did.
     */
    versions: z
      .array(
        z.object({
          version: releaseVersion,
          releasedAt: z.iso.datetime(),
          retiredAt: z.iso.datetime().optional(),
          /** Where the version is served when not from the store: another origin (a CDN), ending in `/`. */
          baseUrl: z
            .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
            .refine((url) => url.endsWith('/'), 'must end with /')
            .optional(),
        }),
      )
      .min(1),
    /** The version new visitors get. */
    current: releaseVersion,
    /** A share of visitors (sticky per browser) on another version, before it becomes current. */
    canary: z.object({ version: releaseVersion, percent: z.number().int().min(1).max(99) }).optional(),
  })
  .refine(({ versions, current }) => versions.some(({ version }) => version === current), {
    message: 'the current version must be one of the versions',
    path: ['current'],
  })
  .refine(({ versions, canary }) => !canary || versions.some(({ version }) => version === canary.version), {
    message: 'the canary version must be one of the versions',
    path: ['canary', 'version'],
  });

export const releaseState = z.object({
  sections: z.partialRecord(z.enum(SECTION_NAMES), sectionReleases),
});

export type SectionReleases = z.infer<typeof sectionReleases>;
export type SectionVersion = SectionReleases['versions'][number];
export type ReleaseState = z.infer<typeof releaseState>;

/** The state file in a release store, beside one folder per section. */
export const RELEASE_STATE_FILE = 'releases.json';

/** Where a released version of a section is served (its files sit in `<store>/<section>/<version>/`). */
export const releasePath = (section: SectionName, version: string) => `/mfe/${section}/releases/${version}/`;
