import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OpenSlot } from '@portal/contracts';
import { slotsByDay, slotTime, visitorTimeZone } from './slot-days';

export interface SlotPickerProps {
  slots: readonly OpenSlot[];
  selectedId: string | null;
  onSelect: (slot: OpenSlot) => void;
  /** The group's accessible name. */
  label: string;
}

/**
 * The open times by day, in the visitor's time zone (named under the list): one button per time,
 * pressed when chosen; they wrap on a narrow screen and are reached with Tab like any button.
 */
export function SlotPicker({ slots, selectedId, onSelect, label }: SlotPickerProps) {
  return (
    <Box role="group" aria-label={label}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {slotsByDay(slots).map((day) => (
          <Box key={day.label} component="section" aria-label={day.label}>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              {day.label}
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {day.slots.map((slot) => {
                const chosen = slot.id === selectedId;
                return (
                  <li key={slot.id}>
                    <Button
                      variant={chosen ? 'contained' : 'outlined'}
                      aria-pressed={chosen}
                      aria-label={`${day.label}, ${slotTime(slot.startsAt)} (${slot.durationMinutes} minutes)`}
                      onClick={() => onSelect(slot)}
                      sx={{ minWidth: 104, minHeight: 44 }}
                    >
                      {slotTime(slot.startsAt)}
                    </Button>
                  </li>
                );
              })}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Times are shown in your time zone, {visitorTimeZone()}.
      </Typography>
    </Box>
  );
}
