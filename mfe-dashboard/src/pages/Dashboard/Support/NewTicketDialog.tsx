import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type {
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  TicketPriority,
  ticketPriorities,
} from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useCreateTicketMutation } from '../../../api/dashboard-api';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { SuggestedArticles } from './SuggestedArticles';

export interface NewTicketDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the closing transition: the tab decides where focus goes back to. */
  onExited?: () => void;
}

interface Draft {
  title: string;
  description: string;
  priority: TicketPriority;
}

// The contract's values, typed against it (its module would bring zod along at run time).
const PRIORITIES: typeof ticketPriorities = ['low', 'medium', 'high', 'urgent'];
/** The default ticket priority. */
const DEFAULT_PRIORITY: TicketPriority = 'medium';
const TITLE_MAX: typeof TICKET_TITLE_MAX_LENGTH = 200;
const DESCRIPTION_MAX: typeof TICKET_DESCRIPTION_MAX_LENGTH = 5000;

const EMPTY_DRAFT: Draft = { title: '', description: '', priority: DEFAULT_PRIORITY };

const priorityLabel = (priority: TicketPriority) => priority[0]!.toUpperCase() + priority.slice(1);

/**
 * 'New Ticket': Title (with the help-center articles that may answer it under it: 'This solved it'
 * ends the ticket unopened, counted as a deflection), Description and Priority (medium by default); Create
 * stays disabled until title and description hold more than spaces. A failed create keeps the
 * dialog open with what was typed; closing it other than by Cancel keeps the draft too.
 */
export function NewTicketDialog({ open, onClose, onExited }: NewTicketDialogProps) {
  const dispatch = useAppDispatch();
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [failure, setFailure] = useState<string | null>(null);
  const title = draft.title.trim();
  const description = draft.description.trim();
  const canCreate = title !== '' && description !== '';

  const edit = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const close = () => {
    if (!isLoading) onClose();
  };

  const cancel = () => {
    setDraft(EMPTY_DRAFT);
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canCreate || isLoading) return;
    setFailure(null);
    try {
      await createTicket({ title, description, priority: draft.priority }).unwrap();
      dispatch(showToast({ title: 'Support ticket created successfully', severity: 'success' }));
      setDraft(EMPTY_DRAFT);
      onClose();
    } catch (error) {
      const message = serverMessage(error) ?? 'Please try again in a moment.';
      setFailure(message);
      dispatch(showToast({ title: 'Failed to create ticket', description: message, severity: 'error' }));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-ticket-title"
      // Where focus goes back to is the tab's call (onExited): the opener may be gone by then.
      disableRestoreFocus={Boolean(onExited)}
      slotProps={{
        paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } },
        transition: { onExited },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-ticket-title" component="h2" variant="h3">
          New Ticket
        </DialogTitle>
        <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Title"
              name="title"
              value={draft.title}
              onChange={(event) => edit({ title: event.target.value })}
              autoFocus
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
            />
            <SuggestedArticles title={draft.title} onSolved={cancel} />
            <TextField
              label="Description"
              name="description"
              value={draft.description}
              onChange={(event) => edit({ description: event.target.value })}
              required
              fullWidth
              multiline
              minRows={4}
              helperText="What happened, what you expected, and any order or integration it concerns."
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            />
            <TextField
              select
              label="Priority"
              name="priority"
              value={draft.priority}
              onChange={(event) => edit({ priority: event.target.value as TicketPriority })}
              fullWidth
            >
              {PRIORITIES.map((priority) => (
                <MenuItem key={priority} value={priority}>
                  {priorityLabel(priority)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <CancelCreateActions onCancel={cancel} creating={isLoading} canCreate={canCreate} sx={{ gap: 1 }} />
      </form>
    </Dialog>
  );
}
