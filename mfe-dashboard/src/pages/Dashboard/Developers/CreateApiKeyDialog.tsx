import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_KEY_NAME_MAX_LENGTH,
  apiKeyScopeDescriptions,
  apiKeyScopes,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { UserText, withoutBidiControls } from '@portal/ui/user-text';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { useCreateApiKeyMutation } from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { CodeChoices } from './CodeChoices';
import { SecretShownOnce } from './SecretShownOnce';

export interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/**
 * 'Create API key': a name and the scopes (each with what it allows), then the key itself, shown this
 * once with Copy. A refusal keeps the form as typed and says why in the server's words.
 */
export function CreateApiKeyDialog({ open, onClose, onExited }: CreateApiKeyDialogProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [createApiKey] = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const complete = name.trim() !== '' && scopes.length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || creating) return;
    setCreating(true);
    setFailure(null);
    const request = createApiKey({ name: name.trim(), scopes });
    try {
      const key = await request.unwrap();
      setCreated(key);
      dispatch(
        showToast({
          title: 'API key created',
          description: `${withoutBidiControls(key.name)} is ready to use.`,
          severity: 'success',
        }),
      );
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      // The answer holds the key: it stays in this dialog, not in the store.
      request.reset();
      setCreating(false);
    }
  }

  return (
    <Dialog
      open={open}
      // A stray click must not throw away the form, or the only sight of the key.
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
            setName('');
            setScopes([]);
            setFailure(null);
            onExited();
          },
        },
      }}
    >
      {created ? (
        <SecretShownOnce
          titleId={titleId}
          title="API key created"
          label="API key"
          secret={created.key}
          ifLost="If it is lost, roll or revoke this key and create another."
          intro={
            <Typography>
              <strong>
                <UserText>{created.name}</UserText>
              </strong>{' '}
              can now call the API with the scopes{' '}
              <Box component="span" sx={monoSx}>
                {created.scopes.join(', ')}
              </Box>
              . Send it as{' '}
              <Box component="code" sx={monoSx}>
                Authorization: Bearer &lt;key&gt;
              </Box>
              .
            </Typography>
          }
          onDone={onClose}
        />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id={titleId} component="h2" variant="h3">
            Create API key
          </DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              fullWidth
              placeholder="e.g. Zapier production"
              helperText="To tell your keys apart: where or by whom it is used"
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH } }}
              sx={{ mt: 1 }}
            />
            <CodeChoices
              legend="Scopes"
              options={apiKeyScopes}
              descriptions={apiKeyScopeDescriptions}
              chosen={scopes}
              onChange={setScopes}
              helperText="The key can do only what these allow, for your organization only."
            />
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
          </DialogContent>
          <CancelCreateActions
            onCancel={onClose}
            creating={creating}
            canCreate={complete}
            createLabel="Create key"
          />
        </Box>
      )}
    </Dialog>
  );
}
