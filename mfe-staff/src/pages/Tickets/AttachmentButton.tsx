import { useState } from 'react';
import Button from '@mui/material/Button';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import type { TicketAttachment } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { downloadFile } from '@portal/store/download';
import { formatBytes } from '@portal/ui/attachments';
import { withoutBidiControls } from '@portal/ui/user-text';

/** Downloads a message's attachment as a file (support answers it `Content-Disposition: attachment`), under its name. */
export function AttachmentButton({ ticketId, file }: { ticketId: string; file: TicketAttachment }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const name = withoutBidiControls(file.fileName);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/api/support/staff/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(file.id)}`,
        name,
      );
    } catch (error) {
      dispatch(
        showToast({
          title: `${name} could not be downloaded`,
          description: String((error as Error).message),
          severity: 'error',
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<AttachFileRounded />}
      disabled={busy}
      onClick={() => void download()}
    >
      {`${name} (${formatBytes(file.size)})`}
    </Button>
  );
}
