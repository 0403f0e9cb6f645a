import * as fs from 'node:fs';
import * as path from 'node:path';

/** Shared packages served through a facade module (see facades/<package>.ts). */
export const FACADES = {
  'react-router-dom': 'facades/react-router-dom.ts',
  '@emotion/react': 'facades/emotion-react.ts',
} as const;
export type FacadePackage = keyof typeof FACADES;

/**
 * Installed packages whose browser builds import a facaded package themselves (MUI's styled engine,
 * @emotion/styled): the names they import must be in the facade too.
 */
export const FACADE_IMPORTERS: Record<FacadePackage, string[]> = {
  'react-router-dom': [],
  '@emotion/react': ['@mui/styled-engine', '@emotion/styled'],
};

/**
 * What the facades import by webpack alias, per mode: '@emotion/react/entry' is @emotion/react's real
 * entry (browser ES module), which only its facade imports, under a name its share does not catch.
 */
export function facadeSources(root: string, mode: 'production' | 'development'): Record<string, string> {
  const production = mode === 'production';
  return {
    '@emotion/react/entry$': path.join(
      root,
      'node_modules/@emotion/react/dist',
      production ? 'emotion-react.browser.esm.js' : 'emotion-react.browser.development.esm.js',
    ),
  };
}

/** The front-end source folders whose imports a facade must cover. */
export const FRONT_END_SOURCES = [
  'shell',
  'mfe-marketing',
  'mfe-checkout',
  'mfe-dashboard',
  'mfe-staff',
  'libs/ui',
  'libs/store',
  'libs/leads',
].map((dir) => path.join(dir, 'src'));

/** Absolute path of a package's facade module. */
export function facadePath(pkg: FacadePackage, root: string): string {
  return path.join(root, 'libs', 'federation', 'src', FACADES[pkg]);
}

const namesIn = (list: string): string[] =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !item.startsWith('type '));

/** The names a facade module exports. */
export function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const item of namesIn(list!)) names.add(item.split(/\s+as\s+/).pop()!);
  }
  return names;
}

const sourceFile = (name: string) => /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name);
/** An installed package's ES module files (`.mjs`, `*.esm.js`), where its browser build's imports are. */
const moduleFile = (name: string) => /\.mjs$|\.esm\.js$/.test(name);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Value names imported (or re-exported) from `pkg` in these folders' files (type-only imports
 * ignored), with where; a namespace import counts as the name `*`, which no facade exports.
 */
export function importedNames(pkg: string, dirs: string[], isFile = sourceFile): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const from = `\\s*from\\s*['"]${escapeRegExp(pkg)}['"]`;
  const named = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}${from}`, 'g');
  const namespace = new RegExp(`import\\s+\\*\\s+as\\s+[\\w$]+${from}`);
  const use = (name: string, file: string) => used.set(name, [...(used.get(name) ?? []), file]);
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (isFile(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        for (const [, typeOnly, list] of source.matchAll(named)) {
          if (typeOnly) continue;
          for (const item of namesIn(list!)) use(item.split(/\s+as\s+/)[0]!, file);
        }
        if (namespace.test(source)) use('*', file);
      }
    }
  };
  dirs.forEach(walk);
  return used;
}

/**
 * Fails with the missing names and where they are used when the sources, or an installed package
 * of FACADE_IMPORTERS, import something a facade does not export (a shared module answers such a
 * name with `undefined` at run time).
 */
export function assertFacadesCover(
  root: string,
  dirs = FRONT_END_SOURCES.map((dir) => path.join(root, dir)),
): void {
  for (const pkg of Object.keys(FACADES) as FacadePackage[]) {
    const exported = facadeExports(facadePath(pkg, root));
    const importers = FACADE_IMPORTERS[pkg].map((name) => path.join(root, 'node_modules', name));
    const used = [...importedNames(pkg, dirs), ...importedNames(pkg, importers, moduleFile)];
    const missing = used.filter(([name]) => !exported.has(name));
    if (missing.length) {
      const list = missing.map(([name, files]) => `${name} (${path.relative(root, files[0]!)})`).join(', ');
      throw new Error(
        `${pkg} is shared through libs/federation/src/${FACADES[pkg]}, which lacks: ${list}. Add the names there.`,
      );
    }
  }
}
