// The front door's `/mfe-manifest.json`: the portal's own manifest (every section where it is deployed,
// including its release or canary choice) with the one section under development pointing at its dev
// server instead. The shell reads it at run time (shell/src/federation/remotes.ts), so nothing is rebuilt.

/**
 * @param {unknown} manifest the portal's manifest: section name → URL of its `mf-manifest.json`, and `routes`
 * @param {string} section the section under development
 * @param {string} devServerUrl its dev server, e.g. http://localhost:4202
 * @returns {Record<string, unknown>}
 */
export function manifestWithDevSection(manifest, section, devServerUrl) {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new Error('the portal answered /mfe-manifest.json with something other than a JSON object');
  }
  const entries = /** @type {Record<string, string>} */ (manifest);
  if (typeof entries[section] !== 'string') {
    throw new Error(
      `the portal's /mfe-manifest.json has no '${section}' entry (it lists ${Object.keys(entries).join(', ')})`,
    );
  }
  // Without the section's routes in the manifest the shell reads those of the dev server's build.
  const deployed = /** @type {{ routes?: Record<string, unknown> }} */ (manifest).routes ?? {};
  const routes = Object.fromEntries(Object.entries(deployed).filter(([name]) => name !== section));
  return { ...entries, [section]: new URL('/mf-manifest.json', devServerUrl).href, routes };
}
