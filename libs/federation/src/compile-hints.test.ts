import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import webpack from 'webpack';
import { SourceMapConsumer } from 'source-map';
import { COMPILE_ALL_HINT, compileHintsPlugin } from './compile-hints';

describe('compileHintsPlugin', () => {
  it('starts every minified script with the compile hint, its source map still pointing at the sources', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-hints-'));
    fs.writeFileSync(path.join(dir, 'index.js'), 'import("./later.js").then((m) => m.greet("you"));\n');
    fs.writeFileSync(
      path.join(dir, 'later.js'),
      'export function greet(name) {\n  console.log("hello " + name);\n}\n',
    );
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './index.js',
          devtool: 'hidden-source-map',
          output: { path: path.join(dir, 'dist'), chunkFilename: 'later.js' },
          plugins: [compileHintsPlugin()],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    const scripts = fs.readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.js'));
    expect(scripts.sort()).toEqual(['later.js', 'main.js']);
    for (const script of scripts) {
      expect(fs.readFileSync(path.join(dir, 'dist', script), 'utf8').split('\n')[0]).toBe(COMPILE_ALL_HINT);
    }
    // The minified code moved down a line; the map moved with it.
    const later = fs.readFileSync(path.join(dir, 'dist', 'later.js'), 'utf8');
    const lines = later.split('\n');
    const line = lines.findIndex((text) => text.includes('hello'));
    expect(line).toBeGreaterThan(0);
    const map = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'later.js.map'), 'utf8'));
    const consumer = await new SourceMapConsumer(map);
    const original = consumer.originalPositionFor({ line: line + 1, column: lines[line].indexOf('"hello') });
    consumer.destroy();
    expect(original).toMatchObject({ source: expect.stringContaining('later.js'), line: 2 });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
