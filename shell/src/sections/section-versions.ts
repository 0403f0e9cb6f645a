import {
  SECTION_CODE_MISSING,
  SECTION_NAMES,
  type SectionCodeMissingDetail,
  type SectionName,
} from '@portal/contracts';

/**
 * When a running section reports a chunk of its code missing (its version was released over and its
 * grace period ended: docs/adr/0229), the manifest is read again; if it names another version, that
 * version replaces the section (single-spa unmounts, unloads and mounts it again). Otherwise the
 * section's own error and Retry stay.
 */
export function watchSectionVersions({
  refreshRemote,
  remount,
}: {
  /** Registers the section's version the manifest names now; answers whether it changed. */
  refreshRemote: (name: SectionName) => Promise<boolean>;
  /** single-spa's `unloadApplication`. */
  remount: (name: SectionName) => Promise<unknown>;
}): void {
  window.addEventListener(SECTION_CODE_MISSING, (event) => {
    const section = (event as CustomEvent<Partial<SectionCodeMissingDetail>>).detail?.section;
    if (!section || !SECTION_NAMES.includes(section)) return;
    void refreshRemote(section).then((changed) => (changed ? remount(section) : undefined));
  });
}
