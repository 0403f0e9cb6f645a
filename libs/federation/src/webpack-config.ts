import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import * as mf from '@module-federation/enhanced/webpack';
import { DEV_API_TARGET, mfeManifest } from './apps.ts';
import { ExternalRuntimeCheckPlugin, provideRuntimeCorePath } from './external-runtime.ts';
import { muiWithoutCssVars } from './mui-without-css-vars.ts';
import { REACT_ROUTER_DIST } from './react-router-tree-shaking.ts';
import { assertFacadesCover, facadeSources } from './facades.ts';
import { chunkLoadingGlobal } from './chunk-loading-global.ts';
import { compileHintsPlugin } from './compile-hints.ts';
import { SectionRoutesPlugin } from './section-routes-plugin.ts';
import { findWorkspaceRoot, sharedModules } from './shared.ts';

export type Mode = 'production' | 'development';

interface CommonOptions {
  /** Federation container name: `shell`, `marketing`, `checkout`, `dashboard`. */
  name: string;
  /** The app folder (the `__dirname` of its webpack.config.js). */
  dir: string;
  /** Dev-server port. */
  port: number;
  /** `<title>` of the app's HTML page (the shell's page, or a remote's standalone dev page). */
  title: string;
}

export interface HostOptions extends CommonOptions {
  kind: 'host';
}

export interface RemoteOptions extends CommonOptions {
  kind: 'remote';
  /** Modules the remote exposes, e.g. `{ './app': './src/app.ts' }`. */
  exposes: Record<string, string>;
  /**
   * The section's pages all load with its first (the dashboard's tabs): the MUI it runs goes in one
   * chunk, `mui-components` (`isSectionMuiModule`), instead of 60-odd requests. Not for a section
   * whose pages load one by one: each page would download the components of all.
   */
  loadsAllPagesAtOnce?: boolean;
}

export type AppOptions = HostOptions | RemoteOptions;

/** webpack-cli's argv: `--mode` decides production or development. */
export interface Argv {
  mode?: string;
}

/** The root .swcrc with ES module output, so webpack can tree-shake and split. */
function swcOptions(root: string, mode: Mode): Record<string, unknown> {
  const rc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8')) as {
    jsc: { transform: { react: Record<string, unknown> } } & Record<string, unknown>;
  };
  return {
    ...rc,
    $schema: undefined,
    sourceMaps: true,
    jsc: {
      ...rc.jsc,
      transform: {
        ...rc.jsc.transform,
        react: { ...rc.jsc.transform.react, development: mode === 'development' },
      },
    },
    module: { type: 'es6' },
  };
}

/** `@portal/<lib>` → `libs/<lib>/src/index.ts`, as in tsconfig.base.json. */
function workspaceAliases(root: string): Record<string, string> {
  const libs = path.join(root, 'libs');
  return Object.fromEntries(
    fs
      .readdirSync(libs)
      .filter((lib) => fs.existsSync(path.join(libs, lib, 'src', 'index.ts')))
      .map((lib) => [`@portal/${lib}$`, path.join(libs, lib, 'src', 'index.ts')]),
  );
}

/** Emits a JSON file into the build output (the shell's default `/mfe-manifest.json`). */
class EmitJsonPlugin {
  private readonly file: string;
  private readonly data: unknown;
  constructor(file: string, data: unknown) {
    this.file = file;
    this.data = data;
  }
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitJsonPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () =>
          compilation.emitAsset(
            this.file,
            new webpack.sources.RawSource(`${JSON.stringify(this.data, null, 2)}\n`),
          ),
      );
    });
  }
}

/**
 * Copies the files of an app's `public/` folder, as they are, to the root of its build: files that
 * need a fixed address (the share picture and logo that link previews and search engines fetch).
 */
class PublicFilesPlugin {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          compilation.contextDependencies.add(this.dir);
          for (const entry of fs.readdirSync(this.dir, { withFileTypes: true })) {
            if (!entry.isFile()) continue;
            const source = new webpack.sources.RawSource(fs.readFileSync(path.join(this.dir, entry.name)));
            compilation.emitAsset(entry.name, source);
          }
        },
      );
    });
  }
}

/** Where a production build writes its source maps: `<app>/sourcemaps`, beside the served `dist`. */
export const SOURCE_MAPS_DIR = 'sourcemaps';

/** Empties the source-map folder before each build, as `output.clean` does the served folder. */
class CleanSourceMapsPlugin {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.beforeRun.tap('CleanSourceMapsPlugin', () =>
      fs.rmSync(this.dir, { recursive: true, force: true }),
    );
  }
}

// Scripts, styles and the JSON manifests a visit fetches (`mfe-manifest.json`, a remote's ~30 kB
// `mf-manifest.json`). Not index.html: the shell's build rewrites it after webpack (its prerendered
// header and footer), so a sibling compressed here would be stale.
const compressedAssets = /\.(js|css|json)$/;

/**
 * The Latin subset of Inter: the face the first paint's text uses (the page is English; the other
 * subsets of `@fontsource-variable/inter` load only for characters outside its unicode-range).
 */
export const CRITICAL_FONT = /^fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2$/;

/**
 * Adds `<link rel="preload" as="font" type="font/woff2" crossorigin>` for the critical font to the
 * page, ahead of its stylesheet: the browser would otherwise learn of the font only once the CSS has
 * arrived and the text been laid out. Its name carries a content hash, so the tag is written by the
 * build, not by hand in index.html. `crossorigin` because fonts are always fetched in CORS mode: a
 * preload without it would not be reused and the font would download twice.
 */
export class PreloadCriticalFontPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadCriticalFontPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadCriticalFontPlugin', (data) => {
        const font = compilation.getAssets().find((asset) => CRITICAL_FONT.test(asset.name));
        if (!font) {
          compilation.errors.push(
            new webpack.WebpackError(`no asset matches ${CRITICAL_FONT}: nothing to preload`),
          );
          return data;
        }
        const attributes = {
          rel: 'preload',
          href: `/${font.name}`,
          as: 'font',
          type: 'font/woff2',
          crossorigin: true,
        };
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('link', attributes));
        return data;
      });
    });
  }
}

/**
 * Writes the page's stylesheets into it as `<style>`: they are a few `@font-face` rules (about 2 kB),
 * and a `<link>` to them blocked the first paint for a round trip of its own (Lighthouse's
 * render-blocking request, 150 ms on its mobile network). The CSS files are still emitted. The rules'
 * URLs are absolute (`publicPath: '/'`), so they resolve the same from the page.
 */
export class InlineStylesheetsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('InlineStylesheetsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InlineStylesheetsPlugin', (data) => {
        data.headTags = data.headTags.map((tag) => {
          const href =
            tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' ? tag.attributes.href : null;
          const asset = typeof href === 'string' ? compilation.getAsset(href.replace(/^\//, '')) : undefined;
          if (!asset) return tag;
          return HtmlWebpackPlugin.createHtmlTagObject('style', {}, asset.source.source().toString());
        });
        return data;
      });
    });
  }
}

/**
 * Shared modules load as one async chunk each (MUI is shared per component, ADR 0018), so a first
 * visit to `/` made 53 script requests. What every page loads anyway goes in one chunk a group (ADR
 * 0221): one request instead of up to 30, and hardly a byte a page did not download before (a few kB
 * of MUI utilities only dialogs and menus use, against the better compression of fewer files). The
 * modules are still shared one by one and run only when something asks for them. Check `/`
 * (`tools/bench/first-visit-requests.mjs`, `first-visit-js.mjs`) before adding to a group: a module
 * only some pages use would be downloaded by all.
 */
export const everyPageGroups: Record<string, RegExp> = {
  // React, its DOM renderer and its scheduler: the shell renders nothing without them.
  react: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
  // The styling engine under MUI, and the router (with its facade): the header uses both on every page.
  emotion: /[\\/]node_modules[\\/](?:@emotion|stylis)[\\/]|[\\/]facades[\\/]emotion-react\.ts$/,
  router: /[\\/]node_modules[\\/]react-router[\\/]|[\\/]facades[\\/]react-router-dom\.ts$/,
  // MUI's styling core (theme, `styled`, system, utilities) and the components the header and footer
  // render, with what those import (the ripple, Button's loading spinner, ButtonGroup's contexts).
  // Not the CSS-variables provider (no build uses CSS variables, ADR 0052) nor the menus' roving tab
  // index: shared context files no page needs before a menu opens.
  mui: new RegExp(
    [
      String.raw`[\\/]node_modules[\\/]@mui[\\/](?:styled-engine|private-theming|system|utils)[\\/](?!cssVars[\\/]|useRovingTabIndex[\\/])`,
      String.raw`[\\/]node_modules[\\/]@mui[\\/]material[\\/](?:styles|utils|transitions|zero-styled|DefaultPropsProvider)[\\/]`,
      String.raw`[\\/]node_modules[\\/]@mui[\\/]material[\\/](?:colors|GlobalStyles|AppBar|Toolbar|Box|Button|ButtonBase|ButtonGroup|useLazyRipple|CircularProgress|IconButton|SvgIcon|Typography|Link|Paper|CssBaseline)[\\/]`,
      String.raw`[\\/]node_modules[\\/](?:clsx|@babel[\\/]runtime)[\\/]`,
    ].join('|'),
  ),
};

/**
 * MUI (and clsx) as a section whose pages all load together runs it: its own copies of the components
 * the shell does not render on every page, and everything those import. One chunk, not 60-odd. Left
 * out: the section's copies of the shared modules of `everyPageGroups`, which never run (the shell's
 * are loaded on every page and shareStrategy 'loaded-first' picks them).
 */
export function isSectionMuiModule(module: webpack.Module, moduleGraph: webpack.ModuleGraph): boolean {
  const resource = module.nameForCondition() ?? '';
  if (!/[\\/]node_modules[\\/](?:@mui|clsx)[\\/]/.test(resource)) return false;
  return !(everyPageGroups.mui.test(resource) && isSharedFallback(module, moduleGraph));
}

/** Whether `module` is a build's own copy of a shared module (what it runs when nobody provides one). */
function isSharedFallback(module: webpack.Module, moduleGraph: webpack.ModuleGraph): boolean {
  for (const connection of moduleGraph.getIncomingConnections(module)) {
    if (connection.originModule?.type === 'consume-shared-module') return true;
  }
  return false;
}

/**
 * `[name].[contenthash:8].js` for entry chunks. The federation runtime module asks for the entry's
 * file name while the chunk is still being hashed, only to learn its folder depth; webpack cannot
 * fill in a hash at that moment, so that one early question gets the same name without the hash.
 */
function hashedEntryFilename(pathData: { chunk?: { contentHash?: Record<string, string> } }): string {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}
const FONT_CSS = '@fontsource-variable/inter';

/**
 * The webpack config of the shell (`kind: 'host'`) or of a remote. One Module Federation runtime
 * serves the page: the shell bundles it and hands it to the remotes (provideExternalRuntime /
 * externalRuntime). A remote's development build keeps its own runtime so it can also run alone
 * on its standalone dev page.
 */
export function createWebpackConfig(app: AppOptions, argv: Argv = {}): Configuration {
  const mode: Mode = argv.mode === 'development' ? 'development' : 'production';
  const production = mode === 'production';
  const root = findWorkspaceRoot(app.dir);
  const host = app.kind === 'host';
  const standalone = !host && !production;
  assertFacadesCover(root);

  // The page-level stylesheet (the self-hosted Inter variable font) rides on the page's entry.
  const entry: Record<string, string[]> = {};
  if (host) entry.main = [FONT_CSS, './src/index.ts'];
  if (standalone) entry.standalone = [FONT_CSS, './src/standalone.ts'];

  const devServer: DevServerConfiguration = {
    port: app.port,
    host: 'localhost',
    hot: false,
    liveReload: true,
    historyApiFallback: true,
    headers: host ? {} : { 'Access-Control-Allow-Origin': '*' },
    static: false,
    client: { overlay: { warnings: false, errors: true } },
    ...(host && {
      proxy: [{ context: ['/api'], target: DEV_API_TARGET, changeOrigin: true }],
      setupMiddlewares: (middlewares, server) => {
        server.app?.get('/mfe-manifest.json', (_req, res) => {
          res.setHeader('Cache-Control', 'no-cache');
          res.json(mfeManifest('development'));
        });
        return middlewares;
      },
    }),
  };

  return {
    mode,
    context: app.dir,
    target: 'web',
    // Production maps carry the full sources: written beside the build, never into the served
    // folder, and no bundle names them (hidden-source-map), so they are for uploading only.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    entry,
    output: {
      path: path.join(app.dir, 'dist'),
      // The shell is served at `/`; a remote works wherever its manifest is (gateway or dev server).
      publicPath: host ? '/' : 'auto',
      uniqueName: app.name,
      ...(!host && production && { chunkLoadingGlobal: chunkLoadingGlobal(app.name, app.dir, root) }),
      filename: production ? hashedEntryFilename : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      sourceMapFilename: `../${SOURCE_MAPS_DIR}/[file].map`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: { ...workspaceAliases(root), ...facadeSources(root, mode) },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: swcOptions(root, mode) },
        },
        {
          test: REACT_ROUTER_DIST,
          use: { loader: path.join(root, 'libs', 'federation', 'src', 'react-router-tree-shaking.ts') },
        },
        // A module of plain functions that says nothing of side effects: so marked, @emotion/react's
        // bare `import 'hoist-non-react-statics'` goes with withTheme, which its facade leaves out.
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        {
          test: /\.(woff2?|ttf|eot)$/,
          type: 'asset/resource',
          generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
        },
        { test: /\.(svg|webp|png|jpe?g)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      // Named chunk ids (the development default) collide for shared modules that sit in two chunks.
      chunkIds: 'deterministic',
      // Shared modules load as separate async chunks; pull the code they have in common into chunks
      // of its own instead of repeating it in each, and, in the shell, what every page loads into its
      // groups. Not in a remote: there a group would hold the fallback copies of shared modules (which
      // the shell's replace) beside modules the remote's pages do run, and so download both.
      splitChunks: {
        chunks: 'async',
        minSize: 2000,
        ...(host && {
          cacheGroups: Object.fromEntries(
            Object.entries(everyPageGroups).map(([name, test]) => [
              name,
              { test, name: `shared-${name}`, chunks: 'async', enforce: true, priority: 10 },
            ]),
          ),
        }),
        ...(app.kind === 'remote' &&
          app.loadsAllPagesAtOnce && {
            cacheGroups: {
              muiComponents: {
                test: (module: webpack.Module, { moduleGraph }: { moduleGraph: webpack.ModuleGraph }) =>
                  isSectionMuiModule(module, moduleGraph),
                name: 'mui-components',
                chunks: 'async',
                enforce: true,
                priority: 10,
              },
            },
          }),
      },
    },
    performance: { hints: false },
    plugins: [
      new mf.ModuleFederationPlugin({
        name: app.name,
        ...(app.kind === 'remote' && { filename: 'remoteEntry.js', exposes: app.exposes }),
        shared: sharedModules(root),
        // Resolve a share from what is already loaded instead of first starting every registered
        // remote: 'version-first' made one dead remote break the lazy shared modules of all the others.
        // A loaded copy a build's requirement rejects is not used: a singleton then fails the load
        // (strictVersion), a stateless module falls back to the build's own copy.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // One federation runtime on the page: the shell provides it (provide-runtime-core.ts) and
        // production remotes use it. A remote's dev build keeps its own so its standalone page runs.
        ...(host && { runtimePlugins: [provideRuntimeCorePath(root)] }),
        experiments: {
          ...(!host && { externalRuntime: production }),
          // Browser only: drops the runtime's Node.js loading paths; a remote loads no remotes itself.
          optimization: { target: 'web', ...(!host && { disableRemote: true }) },
        },
      }),
      muiWithoutCssVars(),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(host || standalone
        ? [
            new HtmlWebpackPlugin({
              // The page is given as content, not as a template to compile: a template compiles in a
              // child compiler, which the federation plugins would fill with shared-module chunks.
              // The shell has its own page; every remote's standalone dev page is the same one.
              templateContent: fs
                .readFileSync(
                  host
                    ? path.join(app.dir, 'src', 'index.html')
                    : path.join(root, 'libs/federation/src/standalone.html'),
                  'utf8',
                )
                .replace('%PAGE_TITLE%', app.title),
              publicPath: '/',
              chunks: Object.keys(entry),
            }),
            new PreloadCriticalFontPlugin(),
            new InlineStylesheetsPlugin(),
          ]
        : []),
      ...(host ? [new EmitJsonPlugin('mfe-manifest.json', mfeManifest('production'))] : []),
      ...(host ? [new PublicFilesPlugin(path.join(app.dir, 'public'))] : [new SectionRoutesPlugin(app.dir)]),
      ...(!host && production ? [new ExternalRuntimeCheckPlugin(root)] : []),
      ...(production
        ? [new CleanSourceMapsPlugin(path.join(app.dir, SOURCE_MAPS_DIR)), compileHintsPlugin()]
        : []),
      ...(production
        ? [
            new CompressionPlugin({
              test: compressedAssets,
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              filename: '[path][base].gz',
              threshold: 0,
              minRatio: Infinity,
            }),
            new CompressionPlugin<zlib.BrotliOptions>({
              test: compressedAssets,
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              filename: '[path][base].br',
              threshold: 0,
              minRatio: Infinity,
            }),
          ]
        : []),
    ],
    devServer,
    stats: 'errors-warnings',
    // MUI's lower-case barrels are left out of the shared components on purpose (see shared.ts).
    ignoreWarnings: [/"singleton: true" is used together with "exclude\.request/],
  };
}
