import * as fs from 'node:fs';
import * as path from 'node:path';
import { REACT_ROUTER_DIST, markTopLevelComponentsPure } from './react-router-tree-shaking';
import { findWorkspaceRoot } from './shared';

const root = findWorkspaceRoot(__dirname);
const dist = path.join(root, 'node_modules/react-router/dist/development');
const mainChunk = fs
  .readdirSync(dist)
  .map((name) => path.join(dist, name))
  .find((file) => file.endsWith('.mjs') && fs.readFileSync(file, 'utf8').includes('var Link = '))!;

describe('react-router tree shaking', () => {
  const source = fs.readFileSync(mainChunk, 'utf8');
  const shaken = markTopLevelComponentsPure(source);

  it('applies to the installed react-router files', () => {
    expect(REACT_ROUTER_DIST.test(mainChunk)).toBe(true);
    expect(REACT_ROUTER_DIST.test(path.join(root, 'node_modules/react/index.js'))).toBe(false);
  });

  it('marks the top-level components and contexts pure, so unused ones can go', () => {
    expect(shaken).toMatch(/^var Link = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(shaken).toMatch(/^var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(shaken).toMatch(/^var DataRouterContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
  });

  it('drops only the displayName assignments, keeping other top-level statements', () => {
    expect(source).toMatch(/^Link\.displayName = "Link";$/m);
    expect(shaken).not.toMatch(/^[\w$]+\.displayName = "/m);
    expect(shaken).toMatch(/^RenderErrorBoundary\.contextType = /m);
  });
});
