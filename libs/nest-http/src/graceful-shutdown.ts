import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/** In-flight requests get this long to finish once the listener closes; then their connections are cut. */
export const IN_FLIGHT_GRACE_MS = 10_000;
/** Past the grace, what is left of the shutdown (pools, consumers) gets this long before the process gives up. */
const CLEANUP_MS = 5_000;
const IDLE_SWEEP_MS = 50;

export interface GracefulShutdownOptions {
  /** Keep serving this long after the signal, with readiness failing, so balancers stop sending first. */
  drainMs: number;
  /** Called at once on the signal: readiness answers 503 from then on. */
  onDraining?: () => void;
  log: (message: string) => void;
  /** Ends the process; `process.exit` unless a test watches it. */
  exit?: (code: number) => void;
  graceMs?: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops `app` on SIGTERM or SIGINT without failing a request (`shutDownGracefully`), then exits 0.
 * Nest's own `enableShutdownHooks` would close the listener at once, with no time for balancers.
 */
export function closeGracefullyOnSignals(app: INestApplication, options: GracefulShutdownOptions): void {
  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    options.log(`${signal} received`);
    stopping ??= shutDownGracefully(app, options);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * Readiness fails at once; the app keeps serving for `drainMs`; then Nest's shutdown runs: the
 * consumers, the relay and the background workers stop after their current message
 * (`beforeApplicationShutdown`), the listener closes and in-flight requests finish (their connections
 * are cut after `graceMs`), and only then the pools close (`onApplicationShutdown`); then `exit(0)`
 * (1 when the shutdown fails or hangs).
 */
export async function shutDownGracefully(
  app: INestApplication,
  options: GracefulShutdownOptions,
): Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? IN_FLIGHT_GRACE_MS;
  options.onDraining?.();
  options.log(`not ready; serving ${options.drainMs} ms more, then closing`);
  await pause(options.drainMs);

  const server = app.getHttpServer() as Server;
  // A kept-alive connection stays open after its last answer: close each as soon as it is idle, or the
  // shutdown would wait for the whole grace whenever a client (the gateway's pool) keeps connections.
  const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cutInFlight = setTimeout(() => {
    options.log(`requests still open after ${graceMs} ms: closing their connections`);
    server.closeAllConnections();
  }, graceMs);
  const giveUp = setTimeout(() => {
    options.log(`shutdown did not finish within ${graceMs + CLEANUP_MS} ms: exiting`);
    exit(1);
  }, graceMs + CLEANUP_MS);
  try {
    await app.close();
    options.log('stopped');
    exit(0);
  } catch (error) {
    options.log(`shutdown failed: ${(error as Error).message}`);
    exit(1);
  } finally {
    clearInterval(closeIdle);
    clearTimeout(cutInFlight);
    clearTimeout(giveUp);
  }
}
