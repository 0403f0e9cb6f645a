import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Integration } from '@portal/contracts';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { serverMessage, showToast, useAppDispatch, type ApiError } from '@portal/store';
import { useDeleteIntegrationMutation } from '../../../api/dashboard-api';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { INTEGRATION_TYPE_LABELS } from './integration-types';

export interface DeleteIntegrationDialogProps {
  integration: Integration;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  /** After the closing transition: the tab decides where focus goes back to. */
  onExited: () => void;
}

/** Asks before deleting an integration, naming it; toasts the outcome. */
export function DeleteIntegrationDialog({
  integration,
  open,
  onClose,
  onDeleted,
  onExited,
}: DeleteIntegrationDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dispatch = useAppDispatch();
  const [deleteIntegration, { isLoading: deleting }] = useDeleteIntegrationMutation();

  async function confirm() {
    try {
      await deleteIntegration(integration.id).unwrap();
      dispatch(
        showToast({
          title: 'Integration deleted successfully',
          description: `${withoutBidiControls(integration.name)} no longer receives events.`,
          severity: 'success',
        }),
      );
      onDeleted();
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to delete integration',
          description: serverMessage(error) ?? (error as ApiError).message,
          severity: 'error',
        }),
      );
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!deleting) onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
      disableRestoreFocus
      slotProps={{ paper: { sx: dialogPaperSx }, transition: { onExited } }}
    >
      <DialogTitle id={titleId} component="h2" variant="h4">
        Delete integration?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          <strong>
            <UserText>{integration.name}</UserText>
          </strong>{' '}
          ({INTEGRATION_TYPE_LABELS[integration.type]}) will be disconnected and its inbound event URL will
          stop accepting events. To connect it again, add it anew: it gets a new URL and signing secret.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        {/* The safe choice has focus first. */}
        <Button color="inherit" onClick={onClose} disabled={deleting} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={deleting}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
