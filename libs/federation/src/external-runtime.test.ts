import * as fs from 'node:fs';
import * as path from 'node:path';
import { providedRuntimeExports } from './external-runtime';
import { findWorkspaceRoot } from './shared';

const root = findWorkspaceRoot(__dirname);

describe('the federation runtime the shell provides to the remotes', () => {
  it('covers every runtime-core name the remotes’ runtime imports', () => {
    const dist = path.join(root, 'node_modules/@module-federation/runtime/dist');
    const needed = new Set<string>();
    for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      const source = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const [, list] of source.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"@module-federation\/runtime-core"/g,
      )) {
        list.split(',').forEach((name) => needed.add(name.trim().split(/\s+as\s+/)[0]));
      }
    }
    needed.delete('');
    expect(needed.size).toBeGreaterThan(5);
    const provided = providedRuntimeExports(root);
    expect([...needed].filter((name) => !provided.has(name))).toEqual([]);
  });
});
