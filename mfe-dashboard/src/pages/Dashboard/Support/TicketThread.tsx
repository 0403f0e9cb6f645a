import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import type { TicketAttachment, TicketMessage } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { showToast, useAppDispatch } from '@portal/store';
import { formatDateTime } from '@portal/ui/format-date';
import { formatBytes } from '@portal/ui/attachments';
import { downloadAttachment } from './attachments';

/** Who wrote a message, as its reader says it: "You", a colleague ("Your team") or "Support". */
export function authorLabel(message: TicketMessage, readerId: string | undefined): string {
  if (message.author === 'staff') return 'Support';
  return message.authorId !== null && message.authorId === readerId ? 'You' : 'Your team';
}

/** The thread of a ticket, oldest first: author, time, text and attachments of every message. */
export function TicketThread({
  ticketId,
  messages,
  readerId,
}: {
  ticketId: string;
  messages: readonly TicketMessage[];
  readerId: string | undefined;
}) {
  return (
    <Box
      component="ol"
      aria-label="Conversation"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {messages.map((message) => {
        const author = authorLabel(message, readerId);
        const staff = message.author === 'staff';
        return (
          <Box
            component="li"
            key={message.id}
            aria-label={`${author}, ${formatDateTime(message.createdAt)}`}
            sx={{
              p: { xs: 2, sm: 2.5 },
              borderRadius: 3,
              border: 1,
              borderColor: staff ? 'secondary.main' : 'divider',
              bgcolor: 'background.paper',
              // Staff answers sit to the left, the customer's own to the right: a chat they know.
              ml: { xs: 0, sm: staff ? 0 : 6 },
              mr: { xs: 0, sm: staff ? 6 : 0 },
              minWidth: 0,
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              {staff ? (
                <SupportAgentRounded aria-hidden fontSize="small" color="secondary" />
              ) : (
                <PersonRounded aria-hidden fontSize="small" />
              )}
              <Typography component="span" variant="subtitle2">
                {author}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <UserText>{message.body}</UserText>
            </Typography>
            {message.attachments.length > 0 && (
              <Box
                component="ul"
                aria-label="Attachments"
                sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                {message.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <AttachmentButton ticketId={ticketId} attachment={attachment} />
                  </li>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** Downloads the file (saved under its name, never shown in the page). */
function AttachmentButton({ ticketId, attachment }: { ticketId: string; attachment: TicketAttachment }) {
  const dispatch = useAppDispatch();
  const download = () =>
    downloadAttachment(ticketId, attachment).catch((error: Error) =>
      dispatch(
        showToast({ title: 'Failed to download attachment', description: error.message, severity: 'error' }),
      ),
    );
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<AttachFileRounded />}
      onClick={() => void download()}
      aria-label={`Download ${attachment.fileName} (${formatBytes(attachment.size)})`}
      sx={{ textTransform: 'none', maxWidth: '100%' }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <UserText>{attachment.fileName}</UserText>
      </Box>
      <Box component="span" sx={{ ml: 1, color: 'text.secondary', flexShrink: 0 }}>
        {formatBytes(attachment.size)}
      </Box>
    </Button>
  );
}
