/** What the relay and consumers log through; Nest's `Logger` fits. */
export interface EventsLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, trace?: string): void;
}

export const consoleEventsLogger: EventsLogger = {
  log: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, trace) => console.error(trace ? `${message}\n${trace}` : message),
};

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Exponential backoff with jitter: min, 2·min, 4·min… capped at max. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}
