import * as fs from 'node:fs';
import * as path from 'node:path';
import { FACADES, assertFacadesCover, facadeExports, facadePath, importedNames } from './facades';
import { findWorkspaceRoot, sharedSingletons } from './shared';

const root = findWorkspaceRoot(__dirname);

describe('react-router-dom facade', () => {
  it('exports everything the front end imports from react-router-dom', () => {
    expect(() => assertFacadesCover(root)).not.toThrow();
    expect(importedNames('react-router-dom', [path.join(root, 'shell/src')]).has('BrowserRouter')).toBe(true);
  });

  it('exports only names react-router-dom really has', async () => {
    const real = await import('react-router-dom');
    for (const name of facadeExports(facadePath('react-router-dom', root))) expect(real).toHaveProperty(name);
  });

  it('is what the shared react-router-dom loads, under the installed version', () => {
    const config = sharedSingletons(root)['react-router-dom']!;
    expect(config.import).toBe(path.join(root, 'libs/federation/src', FACADES['react-router-dom']));
    const installed = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules/react-router-dom/package.json'), 'utf8'),
    ) as { version: string };
    expect(config.version).toBe(installed.version);
  });

  it('fails the build with the missing name and where it is used', () => {
    const fixture = path.join(root, 'libs/federation/src/__fixtures__');
    expect(() => assertFacadesCover(root, [fixture])).toThrow(
      /lacks: useMatches \(libs\/federation\/src\/__fixtures__\/uses-router\.ts\)/,
    );
  });
});
