import { useEffect } from 'react';
import { useAppDispatch } from '@portal/store';
import { switchOrganization } from '@portal/store/organizations';
import { metricsChanged } from '../api/dashboard-api';
import { coalesce } from './coalesce';
import { followMetricStream } from './follow-metric-stream';

/**
 * A burst of metrics (a dialer posting a batch of calls) becomes one refetch; well inside the one
 * second from an event to the screen. RTK Query holds an invalidation back while the metrics
 * request is in flight, so there is at most one request running and one to follow.
 */
export const REFETCH_WINDOW_MS = 50;

/**
 * While mounted: follows the signed-in customer's live metric stream and refetches the metrics
 * whenever one is recorded, and after each reconnect (events may have come in meanwhile). No polling.
 * The stream is the organization's: another `organizationId` (the header's switcher) opens it anew
 * with the new token.
 */
export function useLiveMetrics(organizationId?: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const controller = new AbortController();
    const refetch = coalesce(() => dispatch(metricsChanged()), REFETCH_WINDOW_MS);
    void followMetricStream({
      signal: controller.signal,
      onMetric: refetch.request,
      onReconnected: refetch.request,
      // The member's role changed or they were removed: a token as the membership is now.
      onRefused: () => dispatch(switchOrganization()).catch(() => undefined),
    });
    return () => {
      controller.abort();
      refetch.cancel();
    };
  }, [dispatch, organizationId]);
}
