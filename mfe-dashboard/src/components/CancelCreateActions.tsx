import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';

export interface CancelCreateActionsProps {
  onCancel: () => void;
  /** While the create request is out: Create shows it is loading and Cancel waits for it. */
  creating: boolean;
  /** Whether the form holds enough to create. */
  canCreate: boolean;
  /** The submit button's label: 'Create' unless the dialog says what it does ('Send invitation'). */
  createLabel?: string;
  /** Spacing of one dialog, on top of the padding all these dialogs share. */
  sx?: SxProps<Theme>;
}

/** The foot of a dialog that creates something: Cancel, then Create (the form's submit button). */
export function CancelCreateActions({
  onCancel,
  creating,
  canCreate,
  createLabel = 'Create',
  sx = [],
}: CancelCreateActionsProps) {
  return (
    <DialogActions sx={[{ px: { xs: 2, sm: 3 }, pb: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button color="inherit" onClick={onCancel} disabled={creating}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={!canCreate} loading={creating}>
        {createLabel}
      </Button>
    </DialogActions>
  );
}
