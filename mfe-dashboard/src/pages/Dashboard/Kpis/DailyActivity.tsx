import { type ReactNode, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import TableChartRounded from '@mui/icons-material/TableChartRounded';
import type { MetricsResponse } from '@portal/contracts';
import { DailyChart } from './DailyChart';
import { DailyTable } from './DailyTable';
import { ExportCsvButton } from './ExportCsvButton';
import { rangeTitle, spanOf } from './kpi-range';

export interface DailyActivityProps {
  metrics: MetricsResponse;
  /** The range picker, above the chart. */
  picker: ReactNode;
  /** A new range is being read: the numbers shown are the previous range's. */
  updating?: boolean;
}

/**
 * The range's daily calls, leads and conversions: the chart, the same numbers as a table on
 * request, and 'Export CSV' of those rows; the range picker above them decides the days.
 */
export function DailyActivity({ metrics, picker, updating = false }: DailyActivityProps) {
  const { daily, timezone, range, today } = metrics;
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const span = spanOf(range, today.date);

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-busy={updating}
      sx={{
        mt: 3,
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 2,
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <div>
          <Typography id={headingId} variant="h5" component="h3">
            {rangeTitle(range, today.date)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {/* A custom range's heading already names its days. */}
            {range.preset === 'custom' ? '' : `${span} `}({timezone}) ·{' '}
            {daily.length === 1 ? '1 day' : `${daily.length} days`}
          </Typography>
        </div>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<TableChartRounded />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Hide table' : 'Show as table'}
          </Button>
          <ExportCsvButton range={range} />
        </Box>
      </Box>
      {picker}
      <Box sx={{ opacity: updating ? 0.55 : 1, transition: 'opacity 120ms', minWidth: 0 }}>
        <DailyChart daily={daily} />
      </Box>
      <Box id={tableId} hidden={!showTable} sx={{ overflowX: 'auto' }}>
        {showTable && (
          <DailyTable daily={daily} caption={`Calls, leads and conversions per day, ${span} (${timezone})`} />
        )}
      </Box>
    </Box>
  );
}
