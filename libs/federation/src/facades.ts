import * as fs from 'node:fs';
import * as path from 'node:path';

/** Shared packages served through a facade module (see facades/<package>.ts). */
export const FACADES = { 'react-router-dom': 'facades/react-router-dom.ts' } as const;
export type FacadePackage = keyof typeof FACADES;

/** Absolute path of a package's facade module. */
export function facadePath(pkg: FacadePackage, root: string): string {
  return path.join(root, 'libs', 'federation', 'src', FACADES[pkg]);
}

/** The names a facade module exports. */
export function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/** Value names imported from `pkg` in these source folders (type-only imports ignored). */
export function importedNames(pkg: string, dirs: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const pattern = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace('/', '\\/')}['"]`,
    'g',
  );
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/(\.test|\.spec|test-utils)\.tsx?$/.test(entry.name)) {
        for (const [, typeOnly, list] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
          if (typeOnly) continue;
          for (const item of list.split(',')) {
            const spec = item.trim();
            if (!spec || spec.startsWith('type ')) continue;
            const name = spec.split(/\s+as\s+/)[0];
            used.set(name, [...(used.get(name) ?? []), file]);
          }
        }
      }
    }
  };
  dirs.forEach(walk);
  return used;
}

/** Fails with a clear message when the sources import something a facade does not export. */
export function assertFacadesCover(root: string, dirs: string[]): void {
  for (const pkg of Object.keys(FACADES) as FacadePackage[]) {
    const exported = facadeExports(facadePath(pkg, root));
    const missing = [...importedNames(pkg, dirs)].filter(([name]) => !exported.has(name));
    if (missing.length) {
      const list = missing.map(([name, files]) => `${name} (${path.relative(root, files[0])})`).join(', ');
      throw new Error(
        `${pkg} is shared through libs/federation/src/${FACADES[pkg]}, which lacks: ${list}. Add the names there.`,
      );
    }
  }
}
