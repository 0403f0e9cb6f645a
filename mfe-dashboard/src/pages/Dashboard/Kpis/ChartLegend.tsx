import Box from '@mui/material/Box';
import { ChartMarker } from './ChartMarker';
import { METRIC_SERIES } from './metric-series';

/** The chart's key: each series' name beside a sample of its line and marker. */
export function ChartLegend() {
  return (
    <Box
      component="ul"
      aria-label="Legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, listStyle: 'none', m: 0, p: 0 }}
    >
      {METRIC_SERIES.map(({ key, label, color, dash, marker }) => (
        <Box
          component="li"
          key={key}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', color: 'text.secondary' }}
        >
          <svg width="28" height="12" viewBox="0 0 28 12" aria-hidden>
            <line x1="1" y1="6" x2="27" y2="6" stroke={color} strokeWidth="2" strokeDasharray={dash} />
            <ChartMarker shape={marker} x={14} y={6} size={3.5} fill={color} />
          </svg>
          {label}
        </Box>
      ))}
    </Box>
  );
}
