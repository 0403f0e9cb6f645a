import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { UptimeDay } from '@portal/contracts';
import { dayBar, daysSummary } from './status-text';

const COLOURS = {
  full: 'success.main',
  partial: 'warning.main',
  down: 'error.main',
  none: 'action.disabledBackground',
} as const;

export const BARS_HEIGHT = 32;

/**
 * A service's 90 days as bars, oldest first: green at 99.9% and above, amber down to 95%, red below,
 * grey without data. Each bar has its day and figure as a tooltip; screen readers get the summary and
 * the days in a list (not colour alone). While loading (`days` undefined), the same bars in grey.
 */
export function UptimeBars({
  days,
  count,
  label,
}: {
  days?: readonly UptimeDay[];
  count: number;
  label: string;
}) {
  if (!days) {
    return (
      <Box aria-hidden sx={{ display: 'flex', gap: '1px', height: BARS_HEIGHT }}>
        {Array.from({ length: count }, (_, index) => (
          <Box key={index} sx={{ flex: 1, borderRadius: 0.5, bgcolor: 'action.hover' }} />
        ))}
      </Box>
    );
  }
  return (
    <Box>
      <Box
        component="ul"
        aria-label={`${label}, daily uptime: ${daysSummary(days)}`}
        sx={{ display: 'flex', gap: '1px', height: BARS_HEIGHT, m: 0, p: 0, listStyle: 'none' }}
      >
        {days.map((day) => {
          const bar = dayBar(day);
          return (
            <Tooltip key={day.date} title={bar.label} placement="top" disableInteractive>
              <Box
                component="li"
                aria-label={bar.label}
                data-kind={bar.kind}
                sx={{ flex: 1, minWidth: 0, borderRadius: 0.5, bgcolor: COLOURS[bar.kind] }}
              />
            </Tooltip>
          );
        })}
      </Box>
    </Box>
  );
}
