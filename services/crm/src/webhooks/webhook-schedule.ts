import { WEBHOOK_RETRY_HOURS, WEBHOOK_TIMEOUT_SECONDS } from '@portal/contracts';

/** When the worker is, and how long it waits between attempts: injected so tests need not wait hours. */
export interface WebhookSchedule {
  /** Now (tests move it forward). */
  now(): Date;
  /** A number in [0, 1) for the jitter. */
  random(): number;
  /** The first retry's ceiling; each later one doubles it… */
  baseDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** Retries stop this long after the delivery was created. */
  retryWindowMs: number;
  /** One attempt's whole deadline (connect, headers, body). */
  timeoutMs: number;
}

export const defaultWebhookSchedule = (): WebhookSchedule => ({
  now: () => new Date(),
  random: Math.random,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  retryWindowMs: WEBHOOK_RETRY_HOURS * 3600_000,
  timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
});

/**
 * Exponential back-off with full jitter (AWS's "full jitter"): after failed attempt `attempt` (1, 2…)
 * wait a uniform random time in [0, min(max, base · 2^(attempt-1))], at least a second; never past
 * `retryUntil`, where the last attempt is made. Null once `retryUntil` is reached: the delivery fails.
 */
export function nextAttemptAt(
  schedule: Pick<WebhookSchedule, 'random' | 'baseDelayMs' | 'maxDelayMs'>,
  attempt: number,
  now: Date,
  retryUntil: Date,
): Date | null {
  if (now.getTime() >= retryUntil.getTime()) return null;
  const ceiling = Math.min(schedule.maxDelayMs, schedule.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  const delay = Math.max(1000, Math.floor(schedule.random() * ceiling));
  return new Date(Math.min(now.getTime() + delay, retryUntil.getTime()));
}
