import * as fs from 'node:fs';
import * as path from 'node:path';
import type webpack from 'webpack';

/** The shell's runtime plugin that provides the Module Federation runtime to the remotes. */
export const provideRuntimeCorePath = (root: string) =>
  path.join(root, 'libs', 'federation', 'src', 'runtime', 'provide-runtime-core.ts');

/** The runtime-core exports the shell provides (the import list of provide-runtime-core.ts). */
export function providedRuntimeExports(root: string): Set<string> {
  const source = fs.readFileSync(provideRuntimeCorePath(root), 'utf8');
  const list = source.match(/import\s*\{([^}]*)\}\s*from\s*'@module-federation\/runtime-core'/);
  if (!list) throw new Error('provide-runtime-core.ts imports nothing from @module-federation/runtime-core');
  return new Set(
    list[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * In a remote's build: fails when the remote uses a runtime-core export the shell does not provide
 * (after a Module Federation upgrade, say), instead of breaking in the browser.
 */
export class ExternalRuntimeCheckPlugin {
  private readonly provided: Set<string>;
  constructor(root: string) {
    this.provided = providedRuntimeExports(root);
  }
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.compilation.tap('ExternalRuntimeCheckPlugin', (compilation) => {
      compilation.hooks.afterSeal.tap('ExternalRuntimeCheckPlugin', () => {
        for (const module of compilation.modules) {
          if (module.type !== 'javascript/dynamic' && !module.identifier().startsWith('external ')) continue;
          if (!module.identifier().includes('_FEDERATION_RUNTIME_CORE')) continue;
          const used = compilation.moduleGraph.getExportsInfo(module).getUsedExports(undefined);
          if (used === false) continue;
          // A set names the exports in use; null or true means any export may be read.
          const missing =
            used === null || used === true
              ? ['(the whole namespace)']
              : [...used].filter((name) => !this.provided.has(name));
          if (missing.length) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `This remote uses runtime-core exports the shell does not provide: ${missing.join(', ')}. Add them to libs/federation/src/runtime/provide-runtime-core.ts.`,
              ),
            );
          }
        }
      });
    });
  }
}
