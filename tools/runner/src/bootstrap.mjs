// The first step of `npm start`, `npm run dev` and `npm test`, so that the README's two commands set
// a fresh clone up themselves: it installs the locked packages when they are missing or the lock
// changed (`npm ci`, which also brings the project's Node 24), then runs the given script on Node 24.
// npm runs it on the machine's own Node, often an older one: see installation.mjs.
//   node tools/runner/src/bootstrap.mjs                    installs what is missing
//   node tools/runner/src/bootstrap.mjs <script> [args…]   …then runs <script> on Node 24
// Installed, it costs a few stat calls; already on Node 24 (npm puts node_modules/.bin first on
// PATH), the script runs in this same process. What only installing or a child needs is imported then.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { missingInstall, projectNode, projectNodeMajor } from './installation.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function install(reason) {
  const { spawnSync } = await import('node:child_process');
  console.log(`Installing the locked packages and Node ${projectNodeMajor(rootDir)} (npm ci): ${reason}.`);
  // The npm that runs this script, else the one on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const result = spawnSync(npm[0], npm.slice(1).concat(['ci', '--no-audit', '--no-fund']), {
    cwd: rootDir,
    stdio: 'inherit',
    shell: npm.length === 1 && process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error('npm ci failed: its output above says why.');
    process.exit(result.status || 1);
  }
  const stillMissing = missingInstall(rootDir);
  if (stillMissing) {
    console.error(`npm ci finished, yet ${stillMissing}.`);
    process.exit(1);
  }
}

/** Runs the script on the project's Node: here when this is it, else in a child that gets our signals. */
async function runOnProjectNode(script, args) {
  const scriptPath = path.resolve(rootDir, script);
  if (Number(process.versions.node.split('.')[0]) === projectNodeMajor(rootDir)) {
    // The script sees the arguments it would see when run directly.
    process.argv.splice(1, 2, scriptPath);
    return import(pathToFileURL(scriptPath).href);
  }
  const [{ spawn }, os] = await Promise.all([import('node:child_process'), import('node:os')]);
  const child = spawn(projectNode(rootDir), [scriptPath].concat(args), { stdio: 'inherit' });
  /** @type {NodeJS.Signals[]} */
  const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of forwarded) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 128 + os.constants.signals[signal] : code));
}

const [script, ...args] = process.argv.slice(2);
const reason = missingInstall(rootDir);
if (reason) await install(reason);
if (script) await runOnProjectNode(script, args);
