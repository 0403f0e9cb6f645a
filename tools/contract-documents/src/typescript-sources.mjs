// Lets this process require the workspace's TypeScript sources as the services' own builds and
// Jest see them: through swc (legacy decorators with their metadata, which Nest's routes are made
// of), and `@portal/<lib>` resolved to its `src` by the root tsconfig's `paths`, never to a `dist`
// that may be stale or absent. Node's own type stripping cannot do this: it knows no decorators.
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from '@swc/core';

export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The swc options of the workspace (`.swcrc`), without source maps. */
const swcOptions = (() => {
  const options = JSON.parse(readFileSync(join(workspaceRoot, '.swcrc'), 'utf8'));
  delete options.sourceMaps;
  delete options.$schema;
  return options;
})();

/** `@portal/contracts` → `<root>/libs/contracts/src/index.ts`, from tsconfig.base.json's `paths`. */
const aliases = (() => {
  /** @type {{ compilerOptions: { paths: Record<string, string[]> } }} */
  const tsconfig = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  return new Map(
    Object.entries(tsconfig.compilerOptions.paths).map(([name, [target]]) => [
      name,
      join(workspaceRoot, target),
    ]),
  );
})();

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** A relative specifier as TypeScript resolves it: the file, `.ts`, `.tsx`, or the folder's index. */
function typescriptFile(base) {
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => /\.tsx?$/.test(path) && isFile(path),
  );
}

let registered = false;

/** Installs the hooks once for this process; later `require`/`import` of `.ts` files go through them. */
export function registerTypeScriptSources() {
  if (registered) return;
  if (typeof nodeModule.registerHooks !== 'function') {
    throw new Error(
      `Node ${process.versions.node} has no module.registerHooks: run this with the project's Node 24 (npm run …)`,
    );
  }
  registered = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const alias = aliases.get(specifier);
      if (alias) return { url: pathToFileURL(alias).href, format: 'commonjs', shortCircuit: true };
      if (
        (specifier.startsWith('.') || specifier.startsWith('/')) &&
        context.parentURL?.startsWith('file:')
      ) {
        const parent = fileURLToPath(context.parentURL);
        if (/\.tsx?$/.test(parent) || /\.tsx?$/.test(specifier)) {
          const file = typescriptFile(resolve(dirname(parent), specifier));
          if (file) return { url: pathToFileURL(file).href, format: 'commonjs', shortCircuit: true };
        }
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (!/\.tsx?$/.test(url) || !url.startsWith('file:')) return nextLoad(url, context);
      const filename = fileURLToPath(url);
      const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
      return { format: 'commonjs', source: code, shortCircuit: true };
    },
  });
}
