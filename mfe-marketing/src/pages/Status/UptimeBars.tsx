import { useState } from 'react';
import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import type { UptimeDay } from '@portal/contracts';
import { dayBar, daysSummary } from './status-text';

export const BARS_HEIGHT = 32;

/**
 * The bars' look, set once on the list: 5 services × 90 days are plain elements styled by their
 * `data-kind`, with one tooltip for the list, so the page does not mount 450 styled components and
 * 450 tooltips (Lighthouse's blocking time on a phone).
 */
const barsSx = {
  display: 'flex',
  gap: '1px',
  height: BARS_HEIGHT,
  m: 0,
  p: 0,
  listStyle: 'none',
  '& > *': { flex: 1, minWidth: 0, borderRadius: 0.5, bgcolor: 'action.hover' },
  '& > [data-kind="full"]': { bgcolor: 'success.main' },
  '& > [data-kind="partial"]': { bgcolor: 'warning.main' },
  '& > [data-kind="down"]': { bgcolor: 'error.main' },
  '& > [data-kind="none"]': { bgcolor: 'action.disabledBackground' },
} as const;

/**
 * A service's 90 days as bars, oldest first: green at 99.9% and above, amber down to 95% or with
 * degraded minutes, red below, grey without data. The bar under the pointer shows its day and figure
 * in a tooltip; screen readers get the summary and the days in a list (not colour alone). While
 * loading (`days` undefined), the same bars in grey.
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
  const [pointed, setPointed] = useState<HTMLElement | null>(null);
  if (!days) {
    // The same bars in grey, drawn by one element: (100% − the gaps) / count wide, 1 px apart.
    const bar = `calc((100% - ${count - 1}px) / ${count})`;
    return (
      <Box
        aria-hidden
        sx={(theme) => ({
          height: BARS_HEIGHT,
          background: `repeating-linear-gradient(to right, ${theme.palette.action.hover} 0 ${bar}, transparent ${bar} calc(${bar} + 1px))`,
        })}
      />
    );
  }
  return (
    <>
      <Box
        component="ul"
        aria-label={`${label}, daily uptime: ${daysSummary(days)}`}
        sx={barsSx}
        onPointerOver={(event) => setPointed((event.target as HTMLElement).closest('li'))}
        onPointerLeave={() => setPointed(null)}
      >
        {days.map((day) => {
          const bar = dayBar(day);
          return <li key={day.date} aria-label={bar.label} data-kind={bar.kind} />;
        })}
      </Box>
      <Popper
        open={pointed !== null}
        anchorEl={pointed}
        placement="top"
        sx={{ pointerEvents: 'none', zIndex: 'tooltip' }}
      >
        <Box
          sx={{
            mb: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'grey.800',
            color: 'common.white',
            typography: 'caption',
            fontWeight: 500,
          }}
        >
          {pointed?.getAttribute('aria-label')}
        </Box>
      </Popper>
    </>
  );
}
