/**
 * Zod 4 compiles fast object parsers with `new Function`, after probing once whether it may. The
 * gateway's Content-Security-Policy allows no 'unsafe-eval': the probe is refused (and caught), but
 * the browser still fires a `securitypolicyviolation` on every page that validates a form. Jitless
 * mode skips the probe and the compiled parsers (the forms here parse a few fields: no difference
 * anyone notices).
 *
 * Every copy of zod takes its settings from `globalThis.__zod_globalConfig`, creating it only when
 * absent (zod/v4/core/core.js). Setting it here, before any section loads, covers every section's
 * copy without putting zod itself into the first visit's JavaScript (importing `config` did: 3.7 kB).
 */
export function makeZodCspSafe(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
