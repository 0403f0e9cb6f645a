import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@portal/contracts';
import { SecretField } from '@portal/ui/secret-field';
import { useAppDispatch } from '@portal/store';
import { accountDeleted, useDeleteAccountMutation } from '@portal/store/account-api';
import { useNavigate } from 'react-router-dom';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { FormOutcome } from './FormOutcome';
import { SettingsPanel } from './SettingsPanel';
import { checkForm, useSettingsForm } from './settings-form';

const ERASED =
  'Your profile, sign-in sessions, integrations and their secrets, support tickets and KPIs are erased. You are signed out everywhere, and the email address can be used for a new account.';
const KEPT =
  'Orders and invoices are kept, as the law requires for accounting, with your name and email address removed.';
const FIELDS = ['password'] as const;
const EMPTY = { password: '' };

/** The dialog: what is erased and what is kept, confirmed with the password. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { bind, errors, submit, outcome, reset } = useSettingsForm({
    initial: EMPTY,
    order: FIELDS,
    check: (fields) => checkForm<'password', DeleteAccountRequest>(deleteAccountRequestSchema, fields),
    send: async (request: DeleteAccountRequest) => {
      await deleteAccount(request).unwrap();
      // Leave the dashboard first, then end the session here: the home page says it is done.
      void navigate('/');
      dispatch(accountDeleted());
    },
  });

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { sx: dialogPaperSx } }}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId} component="h2" variant="h4">
          Delete your account?
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Box id={descriptionId}>
            <Typography>This cannot be undone. {ERASED}</Typography>
            <Typography sx={{ mt: 1.5 }}>{KEPT}</Typography>
          </Box>
          <SecretField
            secretName="password"
            label="Password"
            autoComplete="current-password"
            {...bind('password')}
            helperText={errors.password ?? 'Enter your password to confirm.'}
            autoFocus
            sx={{ mt: 1 }}
          />
          <FormOutcome outcome={outcome} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isLoading}>
            Delete my account
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Delete my account: what it means, and the button that opens the dialog. */
export function DeleteAccountPanel() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <SettingsPanel
      title="Delete my account"
      tone="danger"
      icon={<DeleteForeverRounded />}
      description={`${ERASED} ${KEPT}`}
    >
      <Button ref={opener} variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </SettingsPanel>
  );
}
