import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddRounded from '@mui/icons-material/AddRounded';
import { bookingMessages } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { errorText } from '../../components/LoadError';
import { useAddSlotMutation } from './availability-api';
import { formatSlot, instantOf, readerTimeZone } from './slot-time';

export const SLOT_DURATIONS = [15, 30, 45, 60, 90, 120] as const;

/** 'Add slot': a day, a start time in the staff member's time zone, and a length. */
export function AddSlotForm() {
  const dispatch = useAppDispatch();
  const [addSlot, adding] = useAddSlotMutation();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [durationMinutes, setDuration] = useState<number>(30);
  const [problem, setProblem] = useState<string | null>(null);
  const zoneId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const startsAt = instantOf(date, time);
    if (!startsAt) return setProblem('Choose a day and a start time.');
    if (Date.parse(startsAt) <= Date.now()) return setProblem(bookingMessages.startsAtPast);
    setProblem(null);
    try {
      const slot = await addSlot({ startsAt, durationMinutes }).unwrap();
      dispatch(
        showToast({
          title: 'Slot added',
          description: formatSlot(slot.startsAt, slot.endsAt),
          severity: 'success',
        }),
      );
      setTime('');
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Add slot" aria-describedby={zoneId}>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: '1.4fr 1fr 1fr auto' } }}
      >
        <TextField
          label="Day"
          type="date"
          size="small"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Start time"
          type="time"
          size="small"
          required
          value={time}
          onChange={(event) => setTime(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
        />
        <TextField
          select
          label="Length"
          size="small"
          value={durationMinutes}
          onChange={(event) => setDuration(Number(event.target.value))}
        >
          {SLOT_DURATIONS.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {minutes} minutes
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" startIcon={<AddRounded />} disabled={adding.isLoading}>
          Add slot
        </Button>
      </Box>
      <Box id={zoneId} sx={{ mt: 1, color: 'text.secondary', typography: 'body2' }}>
        Times are in your time zone, {readerTimeZone()}. Visitors see them in theirs.
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
