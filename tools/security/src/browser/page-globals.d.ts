// What the crawl's pages carry besides the DOM: the crawler's binding, the canary's mark and the
// scheduler widget's stand-in.
interface Window {
  reportCspViolation?: (violation: Record<string, unknown>) => Promise<void>;
  inlineScriptRan?: boolean;
  Calendly?: unknown;
}
