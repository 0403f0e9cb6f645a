import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import TableChartRounded from '@mui/icons-material/TableChartRounded';
import type { DailyMetrics } from '@portal/contracts';
import { formatDay } from './calendar-date';
import { DailyChart } from './DailyChart';
import { DailyTable } from './DailyTable';

/** The last days' calls, leads and conversions: the chart, and the same numbers as a table on request. */
export function DailyActivity({ daily, timezone }: { daily: readonly DailyMetrics[]; timezone: string }) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const span = daily.length
    ? `${formatDay(daily[0].date)} to ${formatDay(daily[daily.length - 1].date)}`
    : '';

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
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
            Last {daily.length} days
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {span} ({timezone})
          </Typography>
        </div>
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
      </Box>
      <DailyChart daily={daily} />
      <Box id={tableId} hidden={!showTable} sx={{ overflowX: 'auto' }}>
        {showTable && (
          <DailyTable daily={daily} caption={`Calls, leads and conversions per day, ${span} (${timezone})`} />
        )}
      </Box>
    </Box>
  );
}
