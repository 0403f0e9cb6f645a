import path from 'node:path';

export const noCache = 'no-cache';
export const immutable = 'public, max-age=31536000, immutable';

// Entry points keep fixed names and must be revalidated on every visit so a deploy is picked up at once.
const entryPoints = new Set(['index.html', 'mfe-manifest.json', 'mf-manifest.json', 'remoteEntry.js']);
// Webpack's [contenthash] (8+ hex characters) in front of the extension: `main.3f9a1c2b.js`, `3f9a1c2b7d.woff2`.
const hashedName = /(?:^|[.-])[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The Cache-Control of a served file, judged by its name (a pre-compressed sibling by its original's). */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (entryPoints.has(name)) return noCache;
  return hashedName.test(name) ? immutable : noCache;
}
