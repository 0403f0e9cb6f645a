import { useEffect } from 'react';
import { useAppDispatch } from '@portal/store';
import { followTicketStream } from './ticket-stream';
import { ticketChanged } from './support-api';

/**
 * While mounted: the ticket (or, without an id, the organization's tickets) is read again whenever
 * the live stream reports a change (a staff reply reaches an open page well within a second), after
 * each reconnect, and when the page comes back into view (a stream down meanwhile misses nothing).
 */
export function useTicketUpdates(ticketId?: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const controller = new AbortController();
    const refetch = () => dispatch(ticketChanged(ticketId));
    void followTicketStream({ ticketId, signal: controller.signal, onChange: refetch });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch, ticketId]);
}
