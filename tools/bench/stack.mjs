// Starts the whole portal with the project's own runner (as `npm start` does) for a benchmark.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runner = path.join(rootDir, 'tools/runner/src/start.mjs');

/** Resolves once the runner prints 'Portal ready', with the time it took and a stop function. */
export function startStack({ env = {}, quiet = true } = {}) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [runner], {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      if (!quiet) process.stderr.write(text);
      const match = /Portal ready at (\S+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({
          url: match[1],
          readyMs: performance.now() - startedAt,
          stop: () => stop(child),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`runner exited with ${code} before ready:\n${output.slice(-4000)}`)),
    );
  });
}

function stop(child) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve({ code, stopMs: performance.now() - startedAt }));
    child.kill('SIGINT');
  });
}
