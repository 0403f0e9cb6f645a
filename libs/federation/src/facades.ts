import * as fs from 'node:fs';
import * as path from 'node:path';

/** Shared packages served through a facade module (see facades/<package>.ts). */
export const FACADES = { 'react-router-dom': 'facades/react-router-dom.ts' } as const;
export type FacadePackage = keyof typeof FACADES;

/** The front-end source folders whose imports a facade must cover. */
export const FRONT_END_SOURCES = [
  'shell',
  'mfe-marketing',
  'mfe-checkout',
  'mfe-dashboard',
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

/** Value names imported from `pkg` in these source folders (type-only imports ignored), with where. */
export function importedNames(pkg: string, dirs: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg}['"]`, 'g');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (sourceFile(entry.name)) {
        for (const [, typeOnly, list] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
          if (typeOnly) continue;
          for (const item of namesIn(list!)) {
            const name = item.split(/\s+as\s+/)[0]!;
            used.set(name, [...(used.get(name) ?? []), file]);
          }
        }
      }
    }
  };
  dirs.forEach(walk);
  return used;
}

/**
 * Fails with the missing names and where they are used when the sources import something a facade
 * does not export (a shared module answers such a name with `undefined` at run time).
 */
export function assertFacadesCover(
  root: string,
  dirs = FRONT_END_SOURCES.map((dir) => path.join(root, dir)),
): void {
  for (const pkg of Object.keys(FACADES) as FacadePackage[]) {
    const exported = facadeExports(facadePath(pkg, root));
    const missing = [...importedNames(pkg, dirs)].filter(([name]) => !exported.has(name));
    if (missing.length) {
      const list = missing.map(([name, files]) => `${name} (${path.relative(root, files[0]!)})`).join(', ');
      throw new Error(
        `${pkg} is shared through libs/federation/src/${FACADES[pkg]}, which lacks: ${list}. Add the names there.`,
      );
    }
  }
}
