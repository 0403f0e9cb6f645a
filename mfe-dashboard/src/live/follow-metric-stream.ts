import { HEALTHY_CONNECTION_MS, waitToReconnect } from '@portal/store/event-stream';
import { readToken } from '@portal/store/token';
import { readMetricStream, StreamRefusedError } from './metric-stream';

export interface FollowMetricStreamOptions {
  signal: AbortSignal;
  /** A metric was recorded. */
  onMetric(): void;
  /** A connection opened again after one ended: metrics may have been recorded in between. */
  onReconnected(): void;
  /**
   * The gateway refused the token with 401 (a changed membership: the role changed, or the member was
   * removed): resolves once a new token may be there. The stream opens again at once with a token
   * other than the refused one, once per token; else it stops.
   */
  onRefused?(): Promise<void>;
}

/**
 * Keeps the live metric stream open until `signal` aborts: reconnects with backoff whenever it
 * ends or fails, and stops for good when there is no token or the gateway refuses it (401/403).
 */
export async function followMetricStream({
  signal,
  onMetric,
  onReconnected,
  onRefused,
}: FollowMetricStreamOptions) {
  let attempt = 0;
  let opened = 0;
  let renewedFrom: string | null = null;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return;
    let openedAt: number | undefined;
    try {
      await readMetricStream(token, signal, {
        onReady() {
          openedAt = Date.now();
          opened += 1;
          if (opened > 1) onReconnected();
        },
        onMetric,
      });
    } catch (error) {
      if (error instanceof StreamRefusedError) {
        if (error.status !== 401 || !onRefused || renewedFrom === token) return;
        renewedFrom = token;
        await onRefused();
        if (signal.aborted || readToken() === token) return;
        continue;
      }
      // Any other failure (network, 5xx, a cut connection) is retried below, unless aborted.
    }
    if (signal.aborted) return;
    const healthy = openedAt !== undefined && Date.now() - openedAt >= HEALTHY_CONNECTION_MS;
    attempt = healthy ? 1 : attempt + 1;
    await waitToReconnect(attempt, signal);
  }
}
