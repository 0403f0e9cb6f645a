import Button from '@mui/material/Button';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { type KpiRange, kpiCsvFilename } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useExportMetricsMutation } from '../../../api/dashboard-api';
import { saveFile } from '@portal/store/download';

/**
 * 'Export CSV': the shown range's daily rows from kpi (`GET /api/kpi/metrics/export`), exactly its
 * days, saved as `kpis-<from>-to-<to>.csv`; a failure says so in a toast.
 */
export function ExportCsvButton({ range }: { range: KpiRange }) {
  const [exportMetrics, { isLoading }] = useExportMetricsMutation();
  const dispatch = useAppDispatch();

  async function exportCsv() {
    const result = await exportMetrics({ range: 'custom', from: range.from, to: range.to });
    if ('error' in result) {
      dispatch(
        showToast({
          title: 'Failed to export metrics',
          description: serverMessage(result.error),
          severity: 'error',
        }),
      );
      return;
    }
    saveFile(new Blob([result.data], { type: 'text/csv;charset=utf-8' }), kpiCsvFilename(range));
  }

  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<FileDownloadRounded />}
      onClick={() => void exportCsv()}
      disabled={isLoading}
    >
      {isLoading ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
