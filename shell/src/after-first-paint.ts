/** Longest wait for a paint the browser does not report (no Paint Timing): then the code starts anyway. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has painted the content the page was served with (a prerendered page's),
 * at once when it was served none (the code draws the page) or the tab is hidden (no frame comes).
 * The shell starts its code then: the scripts otherwise share a phone's first second of network with
 * the page and its font, and the content, already in the HTML, waits for bytes it does not need to be
 * seen (ADR 0226).
 */
export function afterFirstPaint(): Promise<void> {
  const served = document.querySelector('#main [data-prerendered]') !== null;
  const hidden = document.visibilityState === 'hidden';
  if (!served || hidden || typeof PerformanceObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    document.addEventListener('visibilitychange', done);
    observer.observe({ type: 'paint', buffered: true });
  });
}
