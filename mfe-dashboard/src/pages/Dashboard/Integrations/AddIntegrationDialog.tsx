import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import type { CreateIntegrationRequest, CreateIntegrationResponse } from '@portal/contracts';
import { withoutBidiControls } from '@portal/ui/user-text';
import { serverMessage, showToast, useAppDispatch, type ApiError } from '@portal/store';
import { useCreateIntegrationMutation } from '../../../api/dashboard-api';
import { AddIntegrationForm } from './AddIntegrationForm';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { IntegrationConnected } from './IntegrationConnected';

export interface AddIntegrationDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the closing transition: the tab decides where focus goes back to. */
  onExited: () => void;
}

/**
 * Add Integration: the form, then, once created, where the CRM or dialer
 * posts its events and the signing secret shown this once. A failure keeps the form as typed.
 */
export function AddIntegrationDialog({ open, onClose, onExited }: AddIntegrationDialogProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [createIntegration] = useCreateIntegrationMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateIntegrationResponse | null>(null);

  async function create(body: CreateIntegrationRequest) {
    setCreating(true);
    const request = createIntegration(body);
    try {
      const integration = await request.unwrap();
      dispatch(
        showToast({
          title: 'Integration created successfully',
          description: `${withoutBidiControls(integration.name)} is ready to receive events.`,
          severity: 'success',
        }),
      );
      setCreated(integration);
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to create integration',
          description: serverMessage(error) ?? (error as ApiError).message,
          severity: 'error',
        }),
      );
    } finally {
      // The answer holds the signing secret: it stays in this dialog, not in the store.
      request.reset();
      setCreating(false);
    }
  }

  return (
    <Dialog
      open={open}
      // A stray click beside the dialog must not throw away what was typed, or the only sight of
      // the secret; nothing closes while the integration is being created.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !creating) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      slotProps={{
        paper: { sx: dialogPaperSx },
        transition: {
          onExited: () => {
            setCreated(null);
            onExited();
          },
        },
      }}
    >
      {created ? (
        <IntegrationConnected titleId={titleId} integration={created} onDone={onClose} />
      ) : (
        <AddIntegrationForm titleId={titleId} creating={creating} onCancel={onClose} onCreate={create} />
      )}
    </Dialog>
  );
}
