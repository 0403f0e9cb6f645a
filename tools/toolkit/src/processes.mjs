// Child processes of a suite or a benchmark: what each one prints kept (its tail, or all of it) for
// the checks and the failure messages, waiting for a line, signals, a stop with a grace period, and
// (unless `reap: false`) every one killed when this process ends, even when it dies.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';

const reaped = new Set();
let reaping = false;

// Whatever ends this process, nothing it started with `reap` outlives it.
function reapOnExit() {
  if (reaping) return;
  reaping = true;
  process.once('exit', () => {
    for (const proc of reaped) proc.kill();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const proc of reaped) proc.kill();
      process.exit(130);
    });
  }
}

/**
 * @typedef {object} StartOptions
 * @property {string} name
 * @property {string} command
 * @property {string[]} [args]
 * @property {string} [cwd]
 * @property {Record<string, string>} [env]
 * @property {number} [uid]
 * @property {number} [gid]
 * @property {boolean} [detached]
 * @property {number} [keepOutput]
 * @property {string} [logFile]
 * @property {boolean} [echo]
 * @property {boolean} [reap]
 */

/**
 * Spawns `command` with `env` over this process's; resolves nothing by itself (wait with
 * `waitForOutput`, `exited` or an HTTP check). `detached` puts it in a process group of its own, as a
 * shell does for a job (Ctrl-C = `signalGroup('SIGINT')`). What it prints (stdout and stderr): the
 * last `keepOutput` characters in `output()` (Infinity: all of it), all of it in `logFile` when one is
 * named, and on stderr prefixed with `[name]` when `echo`.
 * @param {StartOptions} options
 */
export function startProcess({
  name,
  command,
  args = [],
  cwd,
  env = {},
  uid,
  gid,
  detached = false,
  keepOutput = 200_000,
  logFile,
  echo = false,
  reap = true,
}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
    ...(uid === undefined ? {} : { uid, gid }),
  });
  const log = logFile ? fs.createWriteStream(logFile) : undefined;
  let output = '';
  const listeners = new Set();
  const onData = (chunk) => {
    const text = chunk.toString();
    log?.write(chunk);
    if (echo) process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
    output = Number.isFinite(keepOutput) ? (output + text).slice(-keepOutput) : output + text;
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = once(child, 'exit').then(([code, signal]) => {
    reaped.delete(proc);
    return { code, signal };
  });
  // Output can still come after 'exit' from grandchildren holding the pipe: 'close' is the end of it
  // (and of the log file, once written).
  const closed = once(child, 'close').then(() => log && new Promise((resolve) => log.end(resolve)));
  // A spawn failure (missing binary) also ends in 'exit'; keep it from being an unhandled 'error'.
  child.on('error', (error) => {
    output += `\nspawn error: ${error.message}`;
  });

  const proc = {
    name,
    child,
    pid: child.pid,
    exited,
    closed,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** What it printed so far (the last `keepOutput` characters). */
    output: () => output,
    /** Sends a signal; false when the process is gone. */
    signal(signal) {
      try {
        process.kill(/** @type {number} */ (child.pid), signal);
        return true;
      } catch {
        return false;
      }
    },
    /** Signals the whole process group (needs `detached`), as Ctrl-C in a terminal does. */
    signalGroup(signal) {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), signal);
        return true;
      } catch {
        return false;
      }
    },
    /** SIGKILL at once (to its whole group when detached). */
    kill() {
      if (detached) proc.signalGroup('SIGKILL');
      proc.signal('SIGKILL');
    },
    /**
     * Resolves with the first match of `pattern` in the output (from the start), or rejects after
     * `timeoutMs` (Infinity: never) or once the output has ended without it.
     */
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            finish();
            resolve(match);
          }
        };
        const timer = Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              finish();
              reject(
                new Error(`${name}: no ${pattern} within ${timeoutMs} ms. Output:\n${output.slice(-3000)}`),
              );
            }, timeoutMs)
          : undefined;
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void closed.then(() => {
          if (!listeners.has(check)) return;
          finish();
          const { exitCode, signalCode } = child;
          reject(
            new Error(
              `${name} ended (${signalCode ?? exitCode}) before ${pattern}. Output:\n${output.slice(-3000)}`,
            ),
          );
        });
        check();
      });
    },
    /**
     * `signal` (SIGTERM unless named; then SIGCONT, in case it was paused), SIGKILL after `graceMs`
     * (Infinity: never); resolves with { code, signal } once it has exited. With `group`, the whole
     * process group gets the signals.
     */
    async stop({ graceMs = 5000, signal = 'SIGTERM', group = false } = {}) {
      if (!proc.alive) return exited;
      const send = (s) => (group ? proc.signalGroup(s) : proc.signal(s));
      send(signal);
      send('SIGCONT');
      const timer = Number.isFinite(graceMs) ? setTimeout(() => send('SIGKILL'), graceMs) : undefined;
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  if (reap) {
    reapOnExit();
    reaped.add(proc);
  }
  return proc;
}

/** Runs a command to completion; rejects with its output when it fails. */
export async function runToEnd(options, timeoutMs = 60_000) {
  const proc = startProcess(options);
  const timer = setTimeout(() => proc.signal('SIGKILL'), timeoutMs);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) {
    throw new Error(`${options.name} failed (${signal ?? `code ${code}`}):\n${proc.output().slice(-3000)}`);
  }
  return proc.output();
}
