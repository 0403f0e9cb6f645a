import type { METRIC_STREAM_EVENT, METRIC_STREAM_PATH } from '@portal/contracts';
import { openEventStream, readEventStream } from '@portal/store/event-stream';

// The contract's values, typed against it: a runtime import of the contracts' kpi module would
// bring zod into the dashboard's chunk for two strings.
export const STREAM_PATH: typeof METRIC_STREAM_PATH = '/api/kpi/stream';
const METRIC_EVENT: typeof METRIC_STREAM_EVENT = 'metric';
/** The first event of every connection: the server now follows the caller's metrics. */
const READY_EVENT = 'ready';

/** The gateway refused the caller (401 or 403): trying again cannot help. */
export class StreamRefusedError extends Error {
  constructor(readonly status: number) {
    super(`${status}: the metric stream refused the session`);
    this.name = 'StreamRefusedError';
  }
}

export interface MetricStreamHandlers {
  /** The connection is open and following new metrics. */
  onReady(): void;
  /** One of the caller's metrics was recorded. */
  onMetric(): void;
}

/**
 * Opens `GET /api/kpi/stream` with the bearer token (an EventSource cannot send one) and reads its
 * server-sent events until the server ends the stream. Rejects on a network failure, a non-success
 * status (`StreamRefusedError` for 401 and 403) and an abort through `signal`.
 */
export async function readMetricStream(
  token: string,
  signal: AbortSignal,
  handlers: MetricStreamHandlers,
): Promise<void> {
  const response = await openEventStream(STREAM_PATH, token, signal);
  if (response.status === 401 || response.status === 403) throw new StreamRefusedError(response.status);
  if (!response.ok || !response.body) throw new Error(`${response.status}: the metric stream is unavailable`);

  await readEventStream(response.body, ({ event }) => {
    if (event === READY_EVENT) handlers.onReady();
    else if (event === METRIC_EVENT) handlers.onMetric();
  });
}
