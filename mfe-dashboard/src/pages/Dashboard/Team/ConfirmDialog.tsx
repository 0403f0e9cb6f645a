import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { dialogPaperSx } from '@portal/ui/form-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** Why the last attempt failed (the server's message), shown above the buttons. */
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Once closed: where focus goes is the caller's call (the opener may have left the page). */
  onExited?: () => void;
}

/** Asks before a change that cannot be taken back by the member themselves; Cancel has focus first. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  failure,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
      disableRestoreFocus={Boolean(onExited)}
      slotProps={{ paper: { sx: dialogPaperSx }, transition: { onExited } }}
    >
      <DialogTitle id={titleId} component="h2" variant="h4">
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{children}</DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button color="inherit" onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
