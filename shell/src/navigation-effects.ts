/** Length of the page transition (spec: about 0.22 to 0.24 s). */
export const PAGE_TRANSITION_MS = 230;

/** How long a link's #section may take to appear (its section may still be loading). */
const SECTION_WAIT_MS = 10_000;

/**
 * Calls `found` with the element of `id` as soon as it is in the page, or never after the wait;
 * answers a function that stops waiting (the visitor went on elsewhere).
 */
function whenRendered(id: string, found: (element: HTMLElement) => void): () => void {
  const now = document.getElementById(id);
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    observer.disconnect();
    found(element);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => observer.disconnect(), SECTION_WAIT_MS);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}

/** The element id a `#hash` names, as the browser reads it (a malformed escape is taken as typed). */
function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * After every route change: scroll smoothly to the top, or to the section the address names
 * (`/services#outbound-sales`), and replay the page transition on the section area. Under
 * `prefers-reduced-motion: reduce` the scroll jumps and nothing animates.
 */
export function watchNavigation(main: HTMLElement): void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let lastPath = window.location.pathname;
  let lastHash = window.location.hash;
  let stopWaiting = () => {};
  window.addEventListener('single-spa:routing-event', () => {
    const { pathname, hash } = window.location;
    const samePage = pathname === lastPath;
    if (samePage && hash === lastHash) return;
    lastPath = pathname;
    lastHash = hash;
    stopWaiting();
    const behavior = reducedMotion.matches ? 'auto' : 'smooth';
    if (hash.length > 1) {
      stopWaiting = whenRendered(idOf(hash), (section) =>
        section.scrollIntoView({ behavior, block: 'start' }),
      );
    } else if (!samePage) {
      window.scrollTo({ top: 0, behavior });
    }
    if (samePage || reducedMotion.matches) return;
    main.classList.remove('page-enter');
    void main.offsetWidth; // restart the CSS animation
    main.classList.add('page-enter');
  });
}
