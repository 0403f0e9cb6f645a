import * as path from 'node:path';
import { createJiti } from 'jiti';
import webpack from 'webpack';

/** Where a section declares its routes (`export const ROUTES: SectionRoutes`), from its folder. */
export const SECTION_ROUTES_MODULE = 'src/routes.ts';

interface Contracts {
  SECTION_ROUTES_FILE: string;
  sectionRoutesFile: { parse(value: unknown): unknown };
}

/**
 * Writes a section's routes (`src/routes.ts`) to `routes.json` at the root of its build, checked by
 * the schema of `@portal/contracts`: the gateway tells the shell each released section's routes, so
 * a new page is a deploy of its section alone (docs/adr/0231-sections-own-their-routes.md). The module
 * is evaluated afresh on each compilation (a dev server picks up a new route), with the contracts'
 * build the gateway runs.
 */
export class SectionRoutesPlugin {
  private readonly file: string;
  constructor(appDir: string) {
    this.file = path.join(appDir, SECTION_ROUTES_MODULE);
  }

  async read(): Promise<{ file: string; json: string }> {
    const jiti = createJiti(this.file, { moduleCache: false, fsCache: false });
    const contracts = await jiti.import<Contracts>('@portal/contracts');
    const { ROUTES } = await jiti.import<{ ROUTES?: unknown }>(this.file);
    if (ROUTES === undefined) throw new Error(`${this.file} exports no ROUTES`);
    const routes = contracts.sectionRoutesFile.parse(ROUTES);
    return { file: contracts.SECTION_ROUTES_FILE, json: `${JSON.stringify(routes, null, 2)}\n` };
  }

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('SectionRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'SectionRoutesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          compilation.fileDependencies.add(this.file);
          try {
            const { file, json } = await this.read();
            compilation.emitAsset(file, new webpack.sources.RawSource(json));
          } catch (error) {
            compilation.errors.push(
              new webpack.WebpackError(
                `${this.file}: ${error instanceof Error ? error.message : String(error)}`,
              ),
            );
          }
        },
      );
    });
  }
}
