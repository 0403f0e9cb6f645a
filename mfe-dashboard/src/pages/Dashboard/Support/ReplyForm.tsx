import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SendRounded from '@mui/icons-material/SendRounded';
import type { TICKET_MESSAGE_MAX_LENGTH } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { AttachFilesButton, ChosenFiles, useAttachmentUploads } from '@portal/ui/attachments';
import { useReplyMutation, useUploadAttachmentMutation } from './support-api';

const BODY_MAX: typeof TICKET_MESSAGE_MAX_LENGTH = 5000;

export interface ReplyFormProps {
  ticketId: string;
  /** What sending does to this ticket, said under the field ('Replying reopens this ticket.'), if anything. */
  note?: string;
}

/**
 * The reply: text, up to five files (each uploaded as soon as it is chosen, ≤ 10 MB; the service
 * refuses a type outside its list from the bytes), Send. A failed send keeps the text and the files.
 */
export function ReplyForm({ ticketId, note }: ReplyFormProps) {
  const dispatch = useAppDispatch();
  const [reply, { isLoading: sending }] = useReplyMutation();
  const [upload] = useUploadAttachmentMutation();
  const uploads = useAttachmentUploads((file) => upload(file).unwrap(), serverMessage);
  const [body, setBody] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const canSend = body.trim() !== '' && !uploads.uploading && !sending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(null);
    try {
      await reply({ ticketId, body: body.trim(), attachmentIds: uploads.ids }).unwrap();
      setBody('');
      uploads.clear();
      dispatch(showToast({ title: 'Reply sent', severity: 'success' }));
    } catch (error) {
      const message = serverMessage(error) ?? 'Please try again in a moment.';
      setFailure(message);
      dispatch(showToast({ title: 'Failed to send reply', description: message, severity: 'error' }));
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Reply" sx={{ display: 'grid', gap: 1.5 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Your reply"
        name="body"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        helperText={note}
        slotProps={{ htmlInput: { maxLength: BODY_MAX } }}
      />
      <ChosenFiles uploads={uploads} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <AttachFilesButton uploads={uploads} />
        <Button type="submit" variant="contained" endIcon={<SendRounded />} disabled={!canSend}>
          {sending ? 'Sending…' : 'Send reply'}
        </Button>
      </Box>
    </Box>
  );
}
