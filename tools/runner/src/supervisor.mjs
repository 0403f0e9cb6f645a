// Keeps a process of the stack running: one that exits while the stack runs (a crash, kill -9, an
// out-of-memory kill) is started again after a backoff, and a crash loop ends with a clear message
// instead of spinning for ever. Stopping the stack (Ctrl-C) never restarts anything.
import { stopChild } from './processes.mjs';

/**
 * When to restart: the n-th crash within `windowMs` waits `initialDelayMs · 2^(n-1)` (at most
 * `maxDelayMs`); crash number `maxRestarts + 1` within the window gives up. Crashes older than the
 * window are forgotten, so a process that crashes now and then is restarted every time.
 */
export class RestartPolicy {
  constructor({
    maxRestarts = 5,
    windowMs = 60_000,
    initialDelayMs = 500,
    maxDelayMs = 8_000,
    now = Date.now,
  } = {}) {
    this.maxRestarts = maxRestarts;
    this.windowMs = windowMs;
    this.initialDelayMs = initialDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.now = now;
    /** @type {number[]} */
    this.crashes = [];
  }

  /** Records a crash: `{ restart: true, delayMs, attempt }`, or `{ restart: false, crashes }` to give up. */
  crashed() {
    const at = this.now();
    this.crashes = [...this.crashes.filter((time) => at - time < this.windowMs), at];
    const attempt = this.crashes.length;
    if (attempt > this.maxRestarts) return { restart: false, crashes: attempt };
    const delayMs = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** (attempt - 1));
    return { restart: true, delayMs, attempt };
  }
}

const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Starts a process with `launch(onExit)` (which answers the ChildProcess and calls `onExit(code,
 * signal)` when it ends) and restarts it by `policy` whenever it exits while `isStopping()` is false.
 * `onGiveUp(message)` is called once the policy gives up. Answers `{ child, stop() }`: `stop()` cancels
 * a pending restart and stops the current process.
 */
export function supervise({ name, launch, log, isStopping, onGiveUp, policy = new RestartPolicy() }) {
  let child;
  let timer;
  let stopped = false;
  const quitting = () => stopped || isStopping();

  const onExit = (code, signal) => {
    if (quitting()) return;
    const how = signal ?? `code ${code}`;
    const decision = policy.crashed();
    if (!decision.restart) {
      onGiveUp(
        `${name} exited ${decision.crashes} times within ${seconds(policy.windowMs)} (last: ${how}), ` +
          `a crash loop: not restarting it again. Its log above says why.`,
      );
      return;
    }
    log(
      `${name} exited unexpectedly (${how}): restarting it in ${seconds(decision.delayMs)} ` +
        `(restart ${decision.attempt} of at most ${policy.maxRestarts} within ${seconds(policy.windowMs)})`,
    );
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Ctrl-C may have come in the meantime: the signal and a child's exit race each other.
      if (quitting()) return;
      child = launch(onExit);
      log(`${name} restarted (pid ${child.pid})`);
    }, decision.delayMs);
  };

  child = launch(onExit);
  return {
    get child() {
      return child;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      return child ? stopChild(child) : Promise.resolve();
    },
  };
}
