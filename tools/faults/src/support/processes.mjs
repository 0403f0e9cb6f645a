// Processes a fault case starts: each one's output kept (the tail) for the failure message, and every
// one of them killed when the case ends, even when the test process itself dies.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const running = new Set();
const verbose = process.env.FAULTS_VERBOSE === '1';

// Whatever ends the test process, nothing it started outlives it.
process.once('exit', () => {
  for (const proc of running) proc.kill();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const proc of running) proc.kill();
    process.exit(130);
  });
}

/**
 * Spawns `command`; resolves nothing by itself (wait with `waitForOutput` or an HTTP check).
 * `detached` puts it in a process group of its own, as a shell does for a job (Ctrl-C = `signalGroup`).
 */
export function startProcess({ name, command, args = [], cwd, env = {}, uid, gid, detached = false }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
    ...(uid === undefined ? {} : { uid, gid }),
  });
  let output = '';
  const listeners = new Set();
  const onData = (chunk) => {
    const text = chunk.toString();
    if (verbose) process.stderr.write(text.replace(/^/gm, `[${name}] `));
    output = (output + text).slice(-200_000);
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = once(child, 'exit').then(([code, signal]) => {
    running.delete(proc);
    return { code, signal };
  });
  // Output can still come after 'exit' from grandchildren holding the pipe: 'close' is the end of it.
  const closed = once(child, 'close');
  // A spawn failure (missing binary) also ends in 'exit'; keep it from being an unhandled 'error'.
  child.on('error', (error) => {
    output += `\nspawn error: ${error.message}`;
  });

  const proc = {
    name,
    child,
    pid: child.pid,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** Everything printed so far (the last 200 kB). */
    output: () => output,
    /** Sends a signal; false when the process is gone. */
    signal(signal) {
      try {
        process.kill(child.pid, signal);
        return true;
      } catch {
        return false;
      }
    },
    /** Signals the whole process group (needs `detached`), as Ctrl-C in a terminal does. */
    signalGroup(signal) {
      try {
        process.kill(-child.pid, signal);
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
    /** Resolves with the first match of `pattern` in the output (from the start), or rejects. */
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            finish();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${name}: no ${pattern} within ${timeoutMs} ms. Output:\n${output.slice(-3000)}`));
        }, timeoutMs);
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
     * SIGTERM (after SIGCONT, in case it was paused), SIGKILL after `graceMs`; resolves once it has
     * exited. With `group`, the whole process group gets the signals.
     */
    async stop({ graceMs = 5000, signal = 'SIGTERM', group = false } = {}) {
      if (!proc.alive) return exited;
      const send = (s) => (group ? proc.signalGroup(s) : proc.signal(s));
      send(signal);
      send('SIGCONT');
      const timer = setTimeout(() => send('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  running.add(proc);
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
