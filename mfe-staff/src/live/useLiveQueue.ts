import { useEffect, useState } from 'react';
import { showToast, useAppDispatch } from '@portal/store';
import { withoutBidiControls } from '@portal/ui/user-text';
import { ticketChanged } from '../api/staff-api';
import { followStaffStream } from './staff-stream';

export type LiveState = 'connecting' | 'live' | 'paused';

/**
 * While the queue is open: follows the staff ticket stream; each change reads the queue (and that
 * ticket) again, a new ticket says so in a toast. After a reconnect everything is read again.
 */
export function useLiveQueue(): LiveState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const controller = new AbortController();
    let seen = false;
    void followStaffStream({
      signal: controller.signal,
      onReady: () => {
        setState('live');
        if (seen) dispatch(ticketChanged());
        seen = true;
      },
      onTicket: (event) => {
        dispatch(ticketChanged(event.ticketId));
        if (event.change === 'created') {
          dispatch(
            showToast({
              title: 'New ticket',
              description: withoutBidiControls(event.title),
              severity: 'info',
            }),
          );
        }
      },
      onDown: (refused) => setState(refused ? 'paused' : 'connecting'),
    });
    return () => controller.abort();
  }, [dispatch]);
  return state;
}
