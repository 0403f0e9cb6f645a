import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import {
  createWebpackConfig,
  CRITICAL_FONT,
  everyPageGroups,
  InlineStylesheetsPlugin,
  isSectionMuiModule,
  PreloadCriticalFontPlugin,
  type RemoteOptions,
} from './webpack-config';
import { findWorkspaceRoot } from './shared';
import { COMPILE_ALL_HINT } from './compile-hints';

const root = findWorkspaceRoot(__dirname);
type Options = {
  name: string;
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  manifest?: boolean;
  dts?: boolean;
  experiments?: Record<string, unknown>;
  filename?: string;
};
const federationOptions = (config: ReturnType<typeof createWebpackConfig>) =>
  (
    config.plugins!.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as {
      _options: Options;
    }
  )._options;
const pluginNames = (config: ReturnType<typeof createWebpackConfig>) =>
  config.plugins!.map((plugin) => plugin?.constructor.name);

/** A section's options as its webpack.config.js gives them (`mfe-<name>`, exposing ./app). */
const remoteOptions = (name: string, port: number, extra: Partial<RemoteOptions> = {}): RemoteOptions => ({
  kind: 'remote',
  name,
  dir: path.join(root, `mfe-${name}`),
  port,
  title: name,
  exposes: { './app': './src/app.tsx' },
  ...extra,
});

describe('createWebpackConfig', () => {
  const shell = createWebpackConfig(
    { kind: 'host', name: 'shell', dir: path.join(root, 'shell'), port: 4200, title: 'Shell' },
    { mode: 'production' },
  );
  const remote = createWebpackConfig(remoteOptions('marketing', 4201), { mode: 'production' });

  it('builds the shell at / with its page, its runtime manifest and the federation runtime it provides', () => {
    expect(shell.output).toMatchObject({ publicPath: '/', path: path.join(root, 'shell/dist') });
    expect(pluginNames(shell)).toEqual(
      expect.arrayContaining(['HtmlWebpackPlugin', 'EmitJsonPlugin', 'MiniCssExtractPlugin']),
    );
    const options = federationOptions(shell);
    expect(options).toMatchObject({ name: 'shell', manifest: true, dts: false });
    expect(options.runtimePlugins).toEqual([
      path.join(root, 'libs/federation/src/runtime/provide-runtime-core.ts'),
    ]);
    expect(shell.entry).toEqual({ main: ['@fontsource-variable/inter', './src/index.ts'] });
  });

  it('builds a remote that uses the shell’s runtime and exposes ./app from remoteEntry.js', () => {
    expect(remote.output).toMatchObject({ publicPath: 'auto', path: path.join(root, 'mfe-marketing/dist') });
    expect(remote.entry).toEqual({});
    const options = federationOptions(remote);
    expect(options).toMatchObject({
      name: 'marketing',
      filename: 'remoteEntry.js',
      exposes: { './app': './src/app.tsx' },
      manifest: true,
      dts: false,
    });
    expect(options.experiments).toMatchObject({ externalRuntime: true });
    expect(pluginNames(remote)).toContain('ExternalRuntimeCheckPlugin');
  });

  it('emits gzip (level 9) and brotli siblings of JS and CSS, and hashes chunk names', () => {
    const compression = shell.plugins!.filter(
      (plugin) => plugin?.constructor.name === 'CompressionPlugin',
    ) as unknown as { options: { algorithm: string; compressionOptions: unknown; test: RegExp } }[];
    expect(compression.map((plugin) => plugin.options.algorithm)).toEqual(['gzip', 'brotliCompress']);
    expect(compression[0].options.compressionOptions).toEqual({ level: 9 });
    expect(compression[0].options.test.test('main.js')).toBe(true);
    expect(compression[0].options.test.test('main.css')).toBe(true);
    // The manifests a visit fetches; not index.html, which the shell's build rewrites after webpack.
    expect(compression[0].options.test.test('mf-manifest.json')).toBe(true);
    expect(compression[0].options.test.test('index.html')).toBe(false);
    expect(shell.output!.chunkFilename).toBe('[name].[contenthash:8].js');
  });

  it('puts the shared modules every page loads in one chunk a group, and nothing only some pages use', () => {
    const splitChunks = shell.optimization!.splitChunks as {
      cacheGroups: Record<string, { test: RegExp; name: string; chunks: string; enforce: boolean }>;
    };
    expect(Object.keys(splitChunks.cacheGroups)).toEqual(Object.keys(everyPageGroups));
    expect(splitChunks.cacheGroups.mui).toMatchObject({ name: 'shared-mui', chunks: 'async', enforce: true });
    // A remote's group would hold its fallback copies of shared modules beside code its pages run.
    expect(remote.optimization!.splitChunks).toEqual({ chunks: 'async', minSize: 2000 });
    const groupOf = (file: string) =>
      Object.entries(everyPageGroups).find(([, test]) => test.test(path.join(root, file)))?.[0];
    expect(groupOf('node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
    expect(groupOf('node_modules/react/jsx-runtime.js')).toBe('react');
    expect(groupOf('node_modules/@emotion/cache/dist/emotion-cache.browser.esm.js')).toBe('emotion');
    expect(groupOf('libs/federation/src/facades/emotion-react.ts')).toBe('emotion');
    expect(groupOf('node_modules/react-router/dist/development/index.mjs')).toBe('router');
    expect(groupOf('libs/federation/src/facades/react-router-dom.ts')).toBe('router');
    for (const file of [
      'node_modules/@mui/material/AppBar/AppBar.mjs',
      'node_modules/@mui/material/Button/Button.mjs',
      'node_modules/@mui/material/styles/createTheme.mjs',
      'node_modules/@mui/system/DefaultPropsProvider/DefaultPropsProvider.mjs',
      'node_modules/@mui/styled-engine/index.mjs',
    ]) {
      expect(groupOf(file)).toBe('mui');
    }
    for (const file of [
      'node_modules/@mui/material/Dialog/Dialog.mjs',
      'node_modules/@mui/material/TextField/TextField.mjs',
      'node_modules/@mui/material/Snackbar/Snackbar.mjs',
      'node_modules/@mui/system/cssVars/createCssVarsProvider.mjs',
      'node_modules/@mui/utils/useRovingTabIndex/RovingTabIndexContext.mjs',
      'node_modules/@reduxjs/toolkit/dist/query/react/rtk-query-react.modern.mjs',
      'node_modules/react-redux/dist/react-redux.mjs',
      'node_modules/zod/v4/classic/iso.js',
    ]) {
      expect(groupOf(file)).toBeUndefined();
    }
  });

  it('puts the MUI components of a section whose pages all load together in one chunk, not those of the shell’s group', () => {
    const dashboard = createWebpackConfig(remoteOptions('dashboard', 4203, { loadsAllPagesAtOnce: true }), {
      mode: 'production',
    });
    const splitChunks = dashboard.optimization!.splitChunks as {
      cacheGroups: Record<string, { name: string; chunks: string; enforce: boolean }>;
    };
    expect(Object.keys(splitChunks.cacheGroups)).toEqual(['muiComponents']);
    expect(splitChunks.cacheGroups.muiComponents).toMatchObject({
      name: 'mui-components',
      chunks: 'async',
      enforce: true,
    });
    // A module as the cache group's test sees it: its file, and whether it is a build's own copy of a
    // shared module (a consume-shared module falls back to it).
    const inChunk = (file: string, sharedFallback = false) =>
      isSectionMuiModule(
        { nameForCondition: () => path.join(root, file) } as unknown as webpack.Module,
        {
          getIncomingConnections: () =>
            sharedFallback ? [{ originModule: { type: 'consume-shared-module' } }] : [{ originModule: null }],
        } as unknown as webpack.ModuleGraph,
      );
    expect(inChunk('node_modules/@mui/material/Table/Table.mjs', true)).toBe(true);
    expect(inChunk('node_modules/@mui/material/Dialog/index.mjs', true)).toBe(true);
    expect(inChunk('node_modules/@mui/material/internal/SwitchBase.mjs')).toBe(true);
    // What the section's copies of components import runs with them, shell's group or not.
    expect(inChunk('node_modules/@mui/utils/useControlled/useControlled.mjs')).toBe(true);
    expect(inChunk('node_modules/clsx/dist/clsx.mjs')).toBe(true);
    // The section's copies of what the shell loads on every page never run.
    expect(inChunk('node_modules/@mui/material/Button/index.mjs', true)).toBe(false);
    expect(inChunk('node_modules/@mui/material/styles/index.mjs', true)).toBe(false);
    expect(inChunk('node_modules/@emotion/react/dist/emotion-react.browser.esm.js', true)).toBe(false);
    expect(inChunk('mfe-dashboard/src/pages/Dashboard/Dashboard.tsx')).toBe(false);
  });

  it('names the Latin Inter that @fontsource-variable/inter ships for the text the site writes', () => {
    const css = fs.readFileSync(path.join(root, 'node_modules/@fontsource-variable/inter/index.css'), 'utf8');
    const latin = css.match(
      /src: url\(\.\/files\/(inter-latin-wght-normal)\.woff2\)[^;]*;\s*unicode-range: (U\+[^,]+)/,
    );
    expect(latin?.[2]).toBe('U+0000-00FF');
    expect(CRITICAL_FONT.test(`fonts/${latin![1]}.0123abcd.woff2`)).toBe(true);
    expect(CRITICAL_FONT.test('fonts/inter-latin-ext-wght-normal.0123abcd.woff2')).toBe(false);
    expect(pluginNames(shell)).toContain('PreloadCriticalFontPlugin');
  });

  /** Builds a page whose one stylesheet names the critical font, with `plugins`; resolves with its HTML. */
  async function buildFontPage(plugins: webpack.WebpackPluginInstance[]): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-font-'));
    fs.writeFileSync(path.join(dir, 'inter-latin-wght-normal.woff2'), 'font');
    fs.writeFileSync(
      path.join(dir, 'style.css'),
      '@font-face { font-family: X; src: url(./inter-latin-wght-normal.woff2); }',
    );
    fs.writeFileSync(path.join(dir, 'index.js'), 'import "./style.css";\n');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          output: { path: path.join(dir, 'dist'), publicPath: '/' },
          // The loaders are the workspace's, not the temporary folder's.
          resolveLoader: { modules: [path.join(root, 'node_modules')] },
          module: {
            rules: [
              { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
              {
                test: /\.woff2$/,
                type: 'asset/resource',
                generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
              },
            ],
          },
          plugins: [
            new MiniCssExtractPlugin(),
            new HtmlWebpackPlugin({ templateContent: '<html><head></head><body></body></html>' }),
            ...plugins,
          ],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
    const html = fs.readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
    return html;
  }

  it('preloads the critical font in the page, ahead of its stylesheet, in CORS mode', async () => {
    const html = await buildFontPage([new PreloadCriticalFontPlugin()]);
    const links = [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
    // As the shell's page is written: minified, attribute values unquoted.
    expect(links[0]).toMatch(
      /^<link rel=preload href=\/fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2 as=font type=font\/woff2 crossorigin>$/,
    );
    expect(links[1]).toMatch(/rel=stylesheet/);
  });

  it('writes the stylesheet into the page (after the font preload): no request blocks the first paint', async () => {
    const html = await buildFontPage([new PreloadCriticalFontPlugin(), new InlineStylesheetsPlugin()]);
    expect(html).not.toMatch(/rel=stylesheet/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel=preload href=\/fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2 .*<style>@font-face\{font-family:X;src:url\(\/fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2\)\}<\/style>/,
    );
    expect(pluginNames(shell)).toContain('InlineStylesheetsPlugin');
  });

  it('keeps production source maps out of the served folder, named by no bundle', async () => {
    for (const config of [shell, remote]) {
      expect(config.devtool).toBe('hidden-source-map');
      const mapsDir = path.resolve(config.output!.path!, path.dirname(config.output!.sourceMapFilename!));
      expect(path.relative(config.output!.path!, mapsDir)).toMatch(/^\.\.\//);
      expect(mapsDir).toBe(path.join(config.context!, 'sourcemaps'));
    }
    // The same source-map settings on a one-file build: what lands in the served folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-maps-'));
    fs.writeFileSync(path.join(dir, 'index.js'), 'console.log("hello");\n');
    const { devtool, output } = remote;
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          devtool,
          output: { path: path.join(dir, 'dist'), sourceMapFilename: output!.sourceMapFilename },
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    const served = fs.readdirSync(path.join(dir, 'dist'));
    expect(served).toEqual(['main.js']);
    expect(fs.readFileSync(path.join(dir, 'dist', 'main.js'), 'utf8')).not.toContain('sourceMappingURL');
    expect(fs.readdirSync(path.join(dir, 'sourcemaps'))).toEqual(['main.js.map']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives V8 the compile hint in every production script of the shell and the remotes', () => {
    const hinted = (config: ReturnType<typeof createWebpackConfig>) =>
      config.plugins!.some(
        (plugin) =>
          plugin instanceof webpack.BannerPlugin &&
          (plugin as unknown as { options: { banner: string } }).options.banner === COMPILE_ALL_HINT,
      );
    expect([hinted(shell), hinted(remote)]).toEqual([true, true]);
    const dev = createWebpackConfig(remoteOptions('checkout', 4202), { mode: 'development' });
    expect(hinted(dev)).toBe(false);
  });

  it('serves development builds on the app port with history fallback, CORS for remotes and /api proxied', () => {
    const dev = createWebpackConfig(remoteOptions('checkout', 4202), { mode: 'development' });
    expect(dev.devServer).toMatchObject({
      port: 4202,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    });
    expect(dev.entry).toEqual({ standalone: ['@fontsource-variable/inter', './src/standalone.ts'] });
    const devShell = createWebpackConfig(
      { kind: 'host', name: 'shell', dir: path.join(root, 'shell'), port: 4200, title: 'Shell' },
      { mode: 'development' },
    );
    expect(devShell.devServer).toMatchObject({
      port: 4200,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:8080' }],
    });
    expect(pluginNames(devShell)).not.toContain('CompressionPlugin');
  });
});
