import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import webpack from 'webpack';
import { createWebpackConfig } from './webpack-config';
import { findWorkspaceRoot } from './shared';

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

describe('createWebpackConfig', () => {
  const shell = createWebpackConfig(
    { kind: 'host', name: 'shell', dir: path.join(root, 'shell'), port: 4200, title: 'Shell' },
    { mode: 'production' },
  );
  const remote = createWebpackConfig(
    {
      kind: 'remote',
      name: 'marketing',
      dir: path.join(root, 'mfe-marketing'),
      port: 4201,
      title: 'Marketing',
      exposes: { './app': './src/app.tsx' },
    },
    { mode: 'production' },
  );

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
    expect(shell.output!.chunkFilename).toBe('[name].[contenthash:8].js');
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

  it('serves development builds on the app port with history fallback, CORS for remotes and /api proxied', () => {
    const dev = createWebpackConfig(
      {
        kind: 'remote',
        name: 'checkout',
        dir: path.join(root, 'mfe-checkout'),
        port: 4202,
        title: 'Checkout',
        exposes: { './app': './src/app.tsx' },
      },
      { mode: 'development' },
    );
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
