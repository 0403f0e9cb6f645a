import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import type { TICKET_MESSAGE_MAX_LENGTH, TicketAttachment } from '@portal/contracts';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { ATTACHMENT_ACCEPT, formatBytes, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from './attachments';
import { useReplyMutation, useUploadAttachmentMutation } from './support-api';

const BODY_MAX: typeof TICKET_MESSAGE_MAX_LENGTH = 5000;

/** A file chosen for the reply: uploading, uploaded (its attachment), or refused (why). */
interface Upload {
  key: number;
  name: string;
  size: number;
  attachment?: TicketAttachment;
  error?: string;
}

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
  const [body, setBody] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);

  const uploading = uploads.some((each) => !each.attachment && !each.error);
  const ready = uploads.filter((each) => each.attachment);
  const canSend = body.trim() !== '' && !uploading && !sending;
  const patch = (key: number, changes: Partial<Upload>) =>
    setUploads((current) => current.map((each) => (each.key === key ? { ...each, ...changes } : each)));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MAX_ATTACHMENTS - uploads.filter((each) => !each.error).length;
    if (files.length > room) setFailure(`At most ${MAX_ATTACHMENTS} attachments per message`);
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      const tooLarge = file.size > MAX_ATTACHMENT_BYTES;
      const empty = file.size === 0;
      const error = tooLarge ? 'Larger than 10 MB' : empty ? 'The file is empty' : undefined;
      setUploads((current) => [...current, { key, name: file.name, size: file.size, error }]);
      if (error) continue;
      upload(file)
        .unwrap()
        .then((attachment) => patch(key, { attachment }))
        .catch((reason: unknown) => patch(key, { error: serverMessage(reason) ?? 'Upload failed' }));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(null);
    try {
      await reply({
        ticketId,
        body: body.trim(),
        attachmentIds: ready.map((each) => each.attachment!.id),
      }).unwrap();
      setBody('');
      setUploads([]);
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
      {uploads.length > 0 && (
        <Box
          component="ul"
          aria-label="Files to send"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {uploads.map((each) => (
            <Box
              component="li"
              key={each.key}
              sx={{ display: 'flex', alignItems: 'center', maxWidth: '100%' }}
            >
              <Chip
                icon={
                  each.attachment || each.error ? (
                    <AttachFileRounded />
                  ) : (
                    <CircularProgress size={14} aria-label={`Uploading ${each.name}`} />
                  )
                }
                label={
                  each.error ? `${each.name}: ${each.error}` : `${each.name} (${formatBytes(each.size)})`
                }
                color={each.error ? 'error' : 'default'}
                variant="outlined"
                sx={{ maxWidth: 'calc(100% - 36px)' }}
              />
              <IconButton
                size="small"
                aria-label={`Remove ${each.name}`}
                onClick={() => setUploads((current) => current.filter((other) => other.key !== each.key))}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          onChange={choose}
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="attachment-input"
        />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<AttachFileRounded />}
          onClick={() => fileInput.current?.click()}
          disabled={uploads.filter((each) => !each.error).length >= MAX_ATTACHMENTS}
        >
          Attach files
        </Button>
        <Button type="submit" variant="contained" endIcon={<SendRounded />} disabled={!canSend}>
          {sending ? 'Sending…' : 'Send reply'}
        </Button>
      </Box>
    </Box>
  );
}
