// `npm run test:affected -- --base=<rev> [--head=<rev>]`: npm test's checks for only the projects a
// change touches (nx affected; without --base, nx.json's defaultBase, main): type checks, lint and
// tests, then the Playwright suite when the e2e project is affected, which it is whenever a front end,
// the gateway or a service is (its implicitDependencies). `npm test` stays the full run, kept for main.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const nx = path.join(rootDir, 'node_modules/.bin/nx');
const range = process.argv.slice(2);

/** Runs `nx affected` with the given targets over the change range; stops on the first failure. */
function affected(targets, extra = []) {
  const args = [nx, 'affected', '-t', ...targets, ...extra, '--outputStyle=static', ...range];
  console.log(`> nx ${args.slice(1).join(' ')}`);
  const result = spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

affected(['typecheck', 'lint', 'test'], ['--parallel=2', '--exclude=@portal/e2e']);
affected(['e2e']);
