import * as fs from 'node:fs';
import * as path from 'node:path';
import { MUI_CONTEXT_FILES, SINGLETON_PACKAGES, findWorkspaceRoot, sharedSingletons } from './shared';

const root = findWorkspaceRoot(__dirname);
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const shared = sharedSingletons(root);

describe('the shared singletons', () => {
  it('holds the packages of the brief, each a non-eager singleton', () => {
    expect([...SINGLETON_PACKAGES].sort()).toEqual(
      [
        'react',
        'react-dom',
        'react-router-dom',
        '@mui/material',
        '@emotion/react',
        '@emotion/styled',
        '@emotion/cache',
        '@portal/ui',
        '@portal/store',
      ].sort(),
    );
    for (const [key, config] of Object.entries(shared)) {
      expect({ key, singleton: config.singleton }).toEqual({ key, singleton: true });
      expect(config).not.toHaveProperty('eager');
    }
  });

  it('requires the versions of the root package.json', () => {
    for (const name of SINGLETON_PACKAGES.filter((pkg) => !pkg.startsWith('@portal/'))) {
      expect({ name, range: shared[name].requiredVersion }).toEqual({
        name,
        range: rootPkg.dependencies[name],
      });
    }
    expect(shared['@portal/ui']).toMatchObject({ version: '0.1.0', requiredVersion: '^0.1.0' });
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
