import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { withoutBidiControls } from '../user-text/UserText';
import { ATTACHMENT_ACCEPT, formatBytes, type AttachmentUploads } from './attachment-uploads';

/**
 * The files chosen for a message, before it is sent: each with its name and size (or why it was
 * refused, in full, on its own line) and a Remove button; 'At most 5' when more were chosen.
 * Announced politely as files are added, uploaded or refused.
 */
export function ChosenFiles({ uploads }: { uploads: AttachmentUploads }) {
  if (uploads.files.length === 0 && !uploads.notice) return null;
  return (
    <Box aria-live="polite" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {uploads.notice && <Alert severity="warning">{uploads.notice}</Alert>}
      {uploads.files.length > 0 && (
        <Box
          component="ul"
          aria-label="Files to send"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
        >
          {uploads.files.map((each) => (
            <Box
              component="li"
              key={each.key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minWidth: 0,
                pl: 1,
                border: 1,
                borderRadius: 2,
                borderColor: each.error ? 'error.main' : 'divider',
              }}
            >
              {each.error ? (
                <ErrorOutlineRounded aria-hidden fontSize="small" color="error" />
              ) : each.attachment ? (
                <AttachFileRounded aria-hidden fontSize="small" />
              ) : (
                <CircularProgress size={16} aria-label={`Uploading ${each.name}`} />
              )}
              <Typography
                variant="body2"
                color={each.error ? 'error.light' : 'text.primary'}
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', py: 0.75 }}
              >
                {each.error
                  ? `${withoutBidiControls(each.name)}: ${each.error}`
                  : `${withoutBidiControls(each.name)} (${formatBytes(each.size)})`}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${each.name}`}
                onClick={() => uploads.remove(each.key)}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** 'Attach files': the system's file picker (several at once, the allowed types offered first). */
export function AttachFilesButton({ uploads }: { uploads: AttachmentUploads }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be chosen again after it was removed.
          event.target.value = '';
          uploads.choose(files);
        }}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="attachment-input"
      />
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<AttachFileRounded />}
        onClick={() => input.current?.click()}
        disabled={uploads.full}
      >
        Attach files
      </Button>
    </>
  );
}
