import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { showToast, useAppDispatch } from '@portal/store';
import { withoutBidiControls } from '@portal/ui/user-text';
import { errorText } from '../../components/LoadError';
import { useCreateAgentMutation } from './agents-api';
import { AgentFields, agentProblems, type AgentDraft } from './AgentFields';

/** 'Add agent': name, title and email (checked as the server checks them); the new agent opens beside the list. */
export function AddAgentDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [createAgent, creating] = useCreateAgentMutation();
  const [draft, setDraft] = useState<AgentDraft>({ name: '', title: '', email: '' });
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = agentProblems(draft);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      const agent = await createAgent(draft).unwrap();
      dispatch(
        showToast({
          title: 'Agent added',
          description: withoutBidiControls(agent.name),
          severity: 'success',
        }),
      );
      onCreated(agent.id);
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  return (
    <Dialog
      open
      onClose={() => !creating.isLoading && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Add agent</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <AgentFields draft={draft} onChange={setDraft} problems={shown ? problems : {}} />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={creating.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={creating.isLoading}>
            Add agent
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
