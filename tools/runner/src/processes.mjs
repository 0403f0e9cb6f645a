import { spawn } from 'node:child_process';
import { logger } from './log.mjs';

/**
 * Starts a Node process of the stack with its output prefixed by its name.
 * @param {{
 *   name: string, cwd: string, script: string, args?: string[], nodeArgs?: string[],
 *   env?: Record<string, string | undefined>,
 *   onExit?: (code: number | null, signal: NodeJS.Signals | null) => void,
 * }} options
 */
export function startNodeProcess({ name, cwd, script, args = [], nodeArgs = [], env, onExit }) {
  const log = logger(name);
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => log(chunk.toString()));
  child.stderr.on('data', (chunk) => log(chunk.toString()));
  child.on('exit', (code, signal) => onExit?.(code, signal));
  return child;
}

/** Runs a command to completion, output prefixed; rejects on a non-zero exit. */
export function run(name, command, args, options = {}) {
  const log = logger(name);
  return /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => log(chunk.toString()));
      child.stderr.on('data', (chunk) => log(chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
      );
    })
  );
}

/** SIGTERM, then SIGKILL after the grace period; resolves when the process has exited. */
export function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return /** @type {Promise<void>} */ (
    new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    })
  );
}
