import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { DailyMetrics } from '@portal/contracts';
import { formatCount } from '../../../format/count';
import { formatWeekday } from './calendar-date';
import { METRIC_SERIES } from './metric-series';

/** The chart's numbers as a table: one row per day, oldest first like the chart. */
export function DailyTable({ daily, caption }: { daily: readonly DailyMetrics[]; caption: string }) {
  return (
    <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0, color: 'text.secondary' } }}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Date
          </TableCell>
          {METRIC_SERIES.map(({ key, label }) => (
            <TableCell key={key} component="th" scope="col" align="right">
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {daily.map((day) => (
          <TableRow key={day.date}>
            <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={day.date}>{formatWeekday(day.date)}</time>
            </TableCell>
            {METRIC_SERIES.map(({ key }) => (
              <TableCell key={key} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(day[key])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
