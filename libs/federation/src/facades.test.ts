import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  FACADES,
  FACADE_IMPORTERS,
  assertFacadesCover,
  facadeExports,
  facadePath,
  facadeSources,
  importedNames,
  type FacadePackage,
} from './facades';
import { findWorkspaceRoot, sharedModules } from './shared';

const root = findWorkspaceRoot(__dirname);
const facadePackages = Object.keys(FACADES) as FacadePackage[];

describe('facades of shared packages', () => {
  it('export everything the front end imports from react-router-dom and @emotion/react', () => {
    expect(() => assertFacadesCover(root)).not.toThrow();
    expect(importedNames('react-router-dom', [path.join(root, 'shell/src')]).has('BrowserRouter')).toBe(true);
    expect(importedNames('@emotion/react', [path.join(root, 'libs/ui/src')]).has('CacheProvider')).toBe(true);
  });

  it("cover what MUI's styled engine and @emotion/styled import from @emotion/react", () => {
    const importers = FACADE_IMPORTERS['@emotion/react'].map((name) => path.join(root, 'node_modules', name));
    const used = importedNames('@emotion/react', importers, (name) => /\.mjs$|\.esm\.js$/.test(name));
    expect([...used.keys()].sort()).toEqual(
      expect.arrayContaining(['Global', 'ThemeContext', 'css', 'keyframes', 'withEmotionCache']),
    );
    const exported = facadeExports(facadePath('@emotion/react', root));
    for (const name of used.keys()) expect(exported).toContain(name);
  });

  it.each(facadePackages)('%s: exports only names the package really has', async (pkg) => {
    const real = await import(pkg);
    for (const name of facadeExports(facadePath(pkg, root))) expect(real).toHaveProperty(name);
  });

  it.each(facadePackages)('%s: is what the shared module loads, under the installed version', (pkg) => {
    const config = sharedModules(root)[pkg]!;
    expect(config.import).toBe(path.join(root, 'libs/federation/src', FACADES[pkg]));
    const installed = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8'),
    ) as { version: string };
    expect(config.version).toBe(installed.version);
  });

  it("take @emotion/react's names from its real entry, a file that exists in both modes", () => {
    const production = facadeSources(root, 'production');
    const development = facadeSources(root, 'development');
    expect(Object.keys(production)).toEqual(['@emotion/react/entry$']);
    expect(Object.keys(development)).toEqual(['@emotion/react/entry$']);
    for (const file of [...Object.values(production), ...Object.values(development)]) {
      expect(fs.existsSync(file)).toBe(true);
    }
  });

  it('fails the build with the missing name and where it is used', () => {
    const fixture = path.join(root, 'libs/federation/src/__fixtures__');
    expect(() => assertFacadesCover(root, [fixture])).toThrow(
      /lacks: useMatches \(libs\/federation\/src\/__fixtures__\/uses-router\.ts\)/,
    );
  });

  it('counts a re-export and a namespace import as uses', () => {
    const fixture = path.join(root, 'libs/federation/src/__fixtures__');
    const used = importedNames('@emotion/react', [fixture]);
    expect(used.has('ClassNames')).toBe(true);
    expect(used.has('*')).toBe(true);
  });
});
