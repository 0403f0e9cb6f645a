import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chunkLoadingGlobal } from './chunk-loading-global';

describe('chunkLoadingGlobal', () => {
  let root: string;
  const app = () => path.join(root, 'mfe-checkout');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-global-'));
    write('package-lock.json', '{}');
    write('libs/ui/src/index.ts', 'export const ui = 1;');
    write('mfe-checkout/webpack.config.js', 'module.exports = {};');
    write('mfe-checkout/src/Root.tsx', 'export const Root = 1;');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names the same sources alike, so a build is reproducible', () => {
    const name = chunkLoadingGlobal('checkout', app(), root);
    expect(name).toMatch(/^webpackChunk_checkout_[0-9a-f]{10}$/);
    expect(chunkLoadingGlobal('checkout', app(), root)).toBe(name);
  });

  it('names another version of the section, or of a library it is built with, apart', () => {
    const name = chunkLoadingGlobal('checkout', app(), root);
    write('mfe-checkout/src/pages/OrderHelp.tsx', 'export default 1;');
    const withPage = chunkLoadingGlobal('checkout', app(), root);
    expect(withPage).not.toBe(name);
    write('libs/ui/src/index.ts', 'export const ui = 2;');
    expect(chunkLoadingGlobal('checkout', app(), root)).not.toBe(withPage);
  });
});
