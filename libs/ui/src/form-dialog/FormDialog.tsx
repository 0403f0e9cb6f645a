import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { TypographyProps } from '@mui/material/Typography';

/** A dialog keeps a margin on a phone (360 px) and takes the full width up to its maximum. */
export const dialogPaperSx = {
  m: { xs: 1.5, sm: 4 },
  width: { xs: 'calc(100% - 24px)', sm: '100%' },
} as const;

export interface FormDialogProps {
  title: ReactNode;
  /** The title's look; it is the dialog's heading (h2) whatever it looks like. */
  titleVariant?: TypographyProps['variant'];
  /** Runs on the submit button and on Enter in a field, once the browser's own checks are skipped. */
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  submitLabel: ReactNode;
  submitColor?: ButtonProps['color'];
  /** Also disables the submit button (e.g. while what the form needs loads). */
  submitDisabled?: boolean;
  cancelLabel?: string;
  /** The request is on its way: the submit button spins, Cancel waits. */
  busy?: boolean;
  /** What went wrong, shown above the buttons and read out. */
  problem?: string | null;
  children: ReactNode;
}

/** A form in a dialog: its title, fields, what went wrong, Cancel and the submit button. */
export function FormDialog({
  title,
  titleVariant,
  onSubmit,
  onClose,
  submitLabel,
  submitColor = 'primary',
  submitDisabled = false,
  cancelLabel = 'Cancel',
  busy = false,
  problem = null,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { sx: dialogPaperSx } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2" {...(titleVariant && { variant: titleVariant })}>
          {title}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {children}
          {problem && <Alert severity="error">{problem}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            loading={busy}
            disabled={submitDisabled}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
