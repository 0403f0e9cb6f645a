import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  MUI_CONTEXT_FILES,
  SINGLETON_PACKAGES,
  STATELESS_PACKAGES,
  compatibleRange,
  findWorkspaceRoot,
  sharedModules,
} from './shared';

const root = findWorkspaceRoot(__dirname);
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const shared = sharedModules(root);

describe('the shared modules', () => {
  it('holds the packages of the brief: the stateful ones singletons, none eager', () => {
    expect([...SINGLETON_PACKAGES].sort()).toEqual(
      [
        'react',
        'react-dom',
        'react-router-dom',
        '@mui/material',
        '@emotion/react',
        '@emotion/cache',
        '@portal/ui',
        '@portal/store',
      ].sort(),
    );
    expect([...STATELESS_PACKAGES]).toEqual(['@emotion/styled']);
    for (const [key, config] of Object.entries(shared)) {
      expect(config).not.toHaveProperty('eager');
      const singleton = !STATELESS_PACKAGES.some((name) => key === name || key.startsWith(`${name}/`));
      expect({ key, singleton: config.singleton }).toEqual({ key, singleton });
    }
  });

  it('refuses a singleton whose version does not satisfy, and lets a stateless package fall back', () => {
    for (const [key, config] of Object.entries(shared)) {
      // A singleton with strictVersion false runs a section on whatever version the page loaded.
      expect({ key, strictVersion: config.strictVersion }).toEqual({ key, strictVersion: config.singleton });
    }
    expect(shared['@emotion/styled']).toMatchObject({
      singleton: false,
      requiredVersion: rootPkg.dependencies['@emotion/styled'],
    });
  });

  it('requires the versions of the root package.json', () => {
    for (const name of [...SINGLETON_PACKAGES, ...STATELESS_PACKAGES].filter(
      (pkg) => !pkg.startsWith('@portal/'),
    )) {
      expect({ name, range: shared[name].requiredVersion }).toEqual({
        name,
        range: rootPkg.dependencies[name],
      });
    }
  });

  it('gives each workspace lib its version, and requires that minor or a later one of the same major', () => {
    for (const name of ['@portal/ui', '@portal/store']) {
      const lib = name.slice('@portal/'.length);
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'libs', lib, 'package.json'), 'utf8'));
      expect(shared[name]).toMatchObject({ version, requiredVersion: compatibleRange(version) });
    }
    expect(compatibleRange('1.4.2')).toBe('^1.4.0');
    expect(compatibleRange('0.3.1')).toBe('^0.3.0');
  });

  it('shares deep imports: react/jsx-runtime, react-dom/client and MUI per component, not its barrels', () => {
    expect(shared['react/']).toBeDefined();
    expect(shared['react-dom/']).toBeDefined();
    const mui = shared['@mui/material/'];
    expect(mui.exclude?.request.test('Button')).toBe(false);
    expect(mui.exclude?.request.test('styles')).toBe(true);
  });

  it('lists exactly the MUI files that create a React context', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.mjs') && fs.readFileSync(file, 'utf8').includes('createContext')) {
          found.push(path.relative(path.join(root, 'node_modules'), file).split(path.sep).join('/'));
        }
      }
    };
    for (const pkg of ['material', 'system', 'private-theming', 'styled-engine', 'utils'])
      walk(path.join(root, 'node_modules', '@mui', pkg));
    expect([...MUI_CONTEXT_FILES].sort()).toEqual(found.sort());
    for (const file of MUI_CONTEXT_FILES) {
      expect(shared[file]).toMatchObject({
        allowNodeModulesSuffixMatch: true,
        import: path.join(root, 'node_modules', file),
      });
      expect(fs.existsSync(shared[file].import!)).toBe(true);
    }
  });
});
