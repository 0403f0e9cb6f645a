import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles fast object parsers with `new Function`, after probing once whether it may. The
 * gateway's Content-Security-Policy allows no 'unsafe-eval': the probe is refused (and caught), but
 * the browser still fires a `securitypolicyviolation` on every page that validates a form. Jitless
 * mode skips the probe and the compiled parsers (the forms here parse a few fields: no difference
 * anyone notices). Zod keeps its settings on `globalThis`, so this one call, made before any section
 * loads, covers the copy of zod in every section.
 */
export function makeZodCspSafe(): void {
  config({ jitless: true });
}
