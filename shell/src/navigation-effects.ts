/** Length of the page transition (spec: about 0.22 to 0.24 s). */
export const PAGE_TRANSITION_MS = 230;

/**
 * After every route change: scroll smoothly to the top and replay the page transition on the
 * section area. Under `prefers-reduced-motion: reduce` the scroll jumps and nothing animates.
 */
export function watchNavigation(main: HTMLElement): void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let lastPath = window.location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    if (window.location.pathname === lastPath) return;
    lastPath = window.location.pathname;
    window.scrollTo({ top: 0, behavior: reducedMotion.matches ? 'auto' : 'smooth' });
    if (reducedMotion.matches) return;
    main.classList.remove('page-enter');
    void main.offsetWidth; // restart the CSS animation
    main.classList.add('page-enter');
  });
}
