import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiKeyGraceHours, type ApiKey, type RollApiKeyResponse } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { formatDateTime } from '@portal/ui/format-date';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { useRollApiKeyMutation } from './developers-api';
import { failureText, GRACE_LABELS, monoSx } from './developer-labels';
import { SecretShownOnce } from './SecretShownOnce';

type GraceHours = (typeof apiKeyGraceHours)[number];

export interface RollApiKeyDialogProps {
  apiKey: ApiKey;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/**
 * 'Roll': a new key with the same name and scopes; the old one keeps working for the grace period
 * chosen (or stops now). The new key is shown this once with Copy.
 */
export function RollApiKeyDialog({ apiKey, open, onClose, onExited }: RollApiKeyDialogProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [rollApiKey] = useRollApiKeyMutation();
  const [graceHours, setGraceHours] = useState<GraceHours>(24);
  const [rolling, setRolling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rolled, setRolled] = useState<RollApiKeyResponse | null>(null);
  const name = withoutBidiControls(apiKey.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rolling) return;
    setRolling(true);
    setFailure(null);
    const request = rollApiKey({ id: apiKey.id, graceHours });
    try {
      setRolled(await request.unwrap());
      dispatch(
        showToast({ title: 'API key rolled', description: `${name} has a new key.`, severity: 'success' }),
      );
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      // The answer holds the new key: it stays in this dialog, not in the store.
      request.reset();
      setRolling(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !rolling) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      slotProps={{ paper: { sx: dialogPaperSx }, transition: { onExited } }}
    >
      {rolled ? (
        <SecretShownOnce
          titleId={titleId}
          title="API key rolled"
          label="New API key"
          secret={rolled.key.key}
          ifLost="If it is lost, roll this key again."
          intro={
            <Typography>
              Replace the old key{' '}
              <Box component="span" sx={monoSx}>
                {rolled.previous.prefix}…
              </Box>{' '}
              wherever it is used.{' '}
              {rolled.previous.status === 'expiring' && rolled.previous.expiresAt
                ? `It keeps working until ${formatDateTime(rolled.previous.expiresAt)}.`
                : 'It has stopped working.'}
            </Typography>
          }
          onDone={onClose}
        />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id={titleId} component="h2" variant="h3">
            Roll API key
          </DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
            <DialogContentText>
              <strong>
                <UserText>{apiKey.name}</UserText>
              </strong>{' '}
              gets a new key with the same scopes. Choose how long the current key{' '}
              <Box component="span" sx={monoSx}>
                {apiKey.prefix}…
              </Box>{' '}
              keeps working, to give you time to replace it.
            </DialogContentText>
            <TextField
              select
              label="Old key keeps working for"
              value={graceHours}
              onChange={(event) => setGraceHours(Number(event.target.value) as GraceHours)}
              fullWidth
              sx={{ mt: 1 }}
            >
              {apiKeyGraceHours.map((hours) => (
                <MenuItem key={hours} value={hours}>
                  {GRACE_LABELS[hours]}
                </MenuItem>
              ))}
            </TextField>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
          </DialogContent>
          <CancelCreateActions onCancel={onClose} creating={rolling} canCreate createLabel="Roll key" />
        </Box>
      )}
    </Dialog>
  );
}
