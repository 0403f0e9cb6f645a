import Box from '@mui/material/Box';
import type { DailyMetrics } from '@portal/contracts';
import { formatCount } from '../../../format/count';
import { formatWeekday } from './calendar-date';
import { METRIC_SERIES } from './metric-series';

const TOOLTIP_WIDTH = 168;
/** Gap between the day's guide line and the tooltip beside it. */
const GAP = 12;

/** Beside the day (right of it when there is room, else left), so the day's points stay visible. */
function tooltipLeft(x: number, chartWidth: number): number {
  if (x + GAP + TOOLTIP_WIDTH <= chartWidth) return x + GAP;
  if (x - GAP - TOOLTIP_WIDTH >= 0) return x - GAP - TOOLTIP_WIDTH;
  return Math.max(chartWidth - TOOLTIP_WIDTH, 0);
}

export interface ChartTooltipProps {
  /** The day to show, or null for none. */
  day: DailyMetrics | null;
  /** The day's x position in the chart, in pixels. */
  x: number;
  chartWidth: number;
}

/**
 * A day's date and three counts, over the chart beside that day. It is a polite live region that
 * stays in the page (empty when no day is chosen), so moving through days by keyboard is read out.
 */
export function ChartTooltip({ day, x, chartWidth }: ChartTooltipProps) {
  return (
    <Box
      role="status"
      data-testid="chart-tooltip"
      sx={{
        position: 'absolute',
        top: 28,
        left: tooltipLeft(x, chartWidth),
        width: TOOLTIP_WIDTH,
        boxSizing: 'border-box',
        p: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
        boxShadow: 6,
        pointerEvents: 'none',
        opacity: day ? 1 : 0,
        transition: 'opacity 120ms',
      }}
    >
      {day && (
        <>
          <Box sx={{ typography: 'body2', fontWeight: 700, mb: 0.5 }}>{formatWeekday(day.date)}</Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.25 }}>
            {METRIC_SERIES.map(({ key, label, color }) => (
              <Box key={key} sx={{ display: 'contents', typography: 'caption' }}>
                <Box
                  component="dt"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
                >
                  <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />
                  {label}
                </Box>
                <Box component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(day[key])}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
