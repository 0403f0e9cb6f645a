import type { SectionName } from './site-routes';

/**
 * The event a section dispatches on `window` when a chunk of its code could not be loaded: the shell
 * reads the manifest again and, when it names another version of that section (a release or a
 * rollback since the page loaded: docs/adr/0229), mounts that version instead.
 */
export const SECTION_CODE_MISSING = 'portal:section-code-missing';

export interface SectionCodeMissingDetail {
  section: SectionName;
}
