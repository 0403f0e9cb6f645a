/**
 * A page the gateway served prerendered (tools/prerender; why:
 * docs/adr/0066-prerendered-public-pages.md): its content sits in the section's slot and its head tags
 * replace the shell's defaults, each marked `data-prerendered` and, where it replaced a default, carrying
 * it in `data-default`. The section's first render replaces the content and its page claims the head;
 * when the section shows its error or the visitor moves on first, this takes the page away.
 */
const PRERENDERED_HEAD_TAGS = ['title', 'meta', 'link', 'script']
  .map((tag) => `${tag}[data-prerendered]`)
  .join(',');

/** The prerendered copy the gateway served in a section's `slot`, if any. */
const prerenderedCopyIn = (slot: HTMLElement) => slot.querySelector(':scope > [data-prerendered]');

/**
 * Removes the prerendered copy of a section the address no longer shows: the visitor moved on (a
 * link, Back) before the site's code started, which it does after the first paint, or before that
 * section had downloaded. That section never mounts here, so nothing else would take its copy away.
 */
export function removeStalePrerendered(activeSection: string | null): void {
  for (const slot of document.querySelectorAll<HTMLElement>('#main > [id^="section-"]')) {
    if (slot.id !== `section-${activeSection}` && prerenderedCopyIn(slot)) removePrerendered(slot);
  }
}

/** Removes the prerendered content from `slot` and puts the head's defaults back. */
export function removePrerendered(slot: HTMLElement): void {
  prerenderedCopyIn(slot)?.remove();
  for (const tag of document.head.querySelectorAll(PRERENDERED_HEAD_TAGS)) {
    const original = tag.getAttribute('data-default');
    if (original === null) {
      tag.remove(); // it describes only the prerendered address (canonical link, structured data…)
      continue;
    }
    if (tag.tagName === 'TITLE') tag.textContent = original;
    else tag.setAttribute(tag.tagName === 'LINK' ? 'href' : 'content', original);
    tag.removeAttribute('data-prerendered');
    tag.removeAttribute('data-default');
  }
}
