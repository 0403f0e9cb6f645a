import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OpenSlot } from '@portal/contracts';
import { serverMessage } from '@portal/store';
import {
  useCancelBookingMutation,
  useManagedBookingQuery,
  useOpenSlotsQuery,
  useRescheduleBookingMutation,
} from './booking-api';
import { SlotPicker } from './SlotPicker';
import { callTime } from './slot-days';

const failure = (error: unknown) => serverMessage(error) ?? 'That did not work. Please try again.';

function Reschedule({ token, onDone }: { token: string; onDone: () => void }) {
  const slots = useOpenSlotsQuery();
  const [reschedule, moving] = useRescheduleBookingMutation();
  const [chosen, setChosen] = useState<OpenSlot | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (slots.isLoading) return <Skeleton variant="rounded" height={160} aria-label="Loading open times" />;
  const open = slots.data?.slots ?? [];
  if (slots.isError || open.length === 0) {
    return (
      <Alert severity="info" role="status">
        {slots.isError
          ? 'We could not load the open times. Please try again later.'
          : 'No other time is open right now. Keep your call, or cancel it and send us a message from the contact page.'}
      </Alert>
    );
  }
  const move = async () => {
    if (!chosen) return setProblem('Choose one of the open times');
    setProblem(null);
    try {
      await reschedule({ token, slotId: chosen.id }).unwrap();
      onDone();
    } catch (error) {
      setProblem(failure(error));
      setChosen(null);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SlotPicker label="Open times" slots={open} selectedId={chosen?.id ?? null} onSelect={setChosen} />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Box>
        <Button variant="contained" onClick={() => void move()} loading={moving.isLoading}>
          Move my call
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The mail's manage link (`/booking/<token>`): the call's time and status, 'Cancel call' (asked
 * twice) and 'Reschedule' to another open time. Each change sends both sides the updated invitation.
 */
export function ManageBooking({ token }: { token: string }) {
  const booking = useManagedBookingQuery(token);
  const [cancel, cancelling] = useCancelBookingMutation();
  const [mode, setMode] = useState<'view' | 'confirmCancel' | 'reschedule'>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // When the page opened: a call that had begun by then can no longer be changed (the server agrees).
  const [openedAt] = useState(() => Date.now());

  if (booking.isLoading) return <Skeleton variant="rounded" height={200} aria-label="Loading your booking" />;
  if (booking.isError || !booking.data) {
    return (
      <Alert severity="error">
        {(booking.error as { status?: number } | undefined)?.status === 404
          ? 'We could not find this booking: the link may be incomplete. Please open it again from your email.'
          : 'We could not load your booking. Please try again.'}
      </Alert>
    );
  }
  const { booking: call } = booking.data;
  const cancelled = call.status === 'cancelled';
  const past = Date.parse(call.startsAt) <= openedAt;

  const confirmCancel = async () => {
    setProblem(null);
    try {
      await cancel(token).unwrap();
      setMode('view');
      setNotice('Your call is cancelled. We sent the cancellation to your email.');
    } catch (error) {
      setProblem(failure(error));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <div>
        <Typography variant="overline" color="text.secondary">
          {cancelled ? 'Cancelled' : past ? 'Taken place' : 'Booked'}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ textDecoration: cancelled ? 'line-through' : undefined, overflowWrap: 'anywhere' }}
        >
          {callTime(call.startsAt, call.endsAt)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Discovery call for {call.name} ({call.email})
        </Typography>
      </div>
      {notice && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {cancelled ? (
        <Typography>You can book another time from the contact page whenever it suits you.</Typography>
      ) : past ? null : mode === 'confirmCancel' ? (
        <Alert
          severity="warning"
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button color="inherit" onClick={() => setMode('view')}>
                Keep my call
              </Button>
              <Button
                color="error"
                variant="contained"
                onClick={() => void confirmCancel()}
                loading={cancelling.isLoading}
              >
                Yes, cancel
              </Button>
            </Box>
          }
        >
          Cancel this call?
        </Alert>
      ) : mode === 'reschedule' ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h2" variant="h6">
            Choose a new time
          </Typography>
          <Reschedule
            token={token}
            onDone={() => {
              setMode('view');
              setNotice('Your call is moved. We sent the updated invitation to your email.');
            }}
          />
          <Box>
            <Button onClick={() => setMode('view')}>Keep the current time</Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={() => {
              setNotice(null);
              setMode('reschedule');
            }}
          >
            Reschedule
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => {
              setNotice(null);
              setMode('confirmCancel');
            }}
          >
            Cancel call
          </Button>
        </Box>
      )}
    </Box>
  );
}
