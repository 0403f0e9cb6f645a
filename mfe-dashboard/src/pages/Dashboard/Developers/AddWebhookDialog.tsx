import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createWebhookEndpointRequestSchema,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINT_URL_MAX_LENGTH,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_SECONDS,
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { dialogPaperSx } from '@portal/ui/form-dialog';
import { useCreateWebhookEndpointMutation } from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { CodeChoices } from './CodeChoices';
import { SecretShownOnce } from './SecretShownOnce';

/** What each event is, beside its checkbox. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'ticket.created': 'A support ticket was opened (in the dashboard or with the API)',
  'call.completed': 'A call on one of your dialers ended',
};

/** The server's own rule for the URL: its message when the URL breaks it. */
function urlProblem(url: string): string | undefined {
  return createWebhookEndpointRequestSchema.shape.url.safeParse(url).error?.issues[0]?.message;
}

export interface AddWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/**
 * 'Add endpoint': the URL, the events to send and a description; then the signing secret, shown this
 * once with Copy, and how deliveries are signed. crm refuses a URL reaching a private address: its
 * words are shown under the form.
 */
export function AddWebhookDialog({ open, onClose, onExited }: AddWebhookDialogProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [createEndpoint] = useCreateWebhookEndpointMutation();
  const [url, setUrl] = useState('');
  const [urlLeft, setUrlLeft] = useState(false);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [description, setDescription] = useState('');
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const problem = urlProblem(url);
  const showProblem = urlLeft && url.trim() !== '' && problem !== undefined;
  const complete = problem === undefined && events.length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || creating) return;
    setCreating(true);
    setFailure(null);
    const text = description.trim();
    const request = createEndpoint({ url: url.trim(), events, ...(text && { description: text }) });
    try {
      setCreated(await request.unwrap());
      dispatch(showToast({ title: 'Webhook endpoint added', severity: 'success' }));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      // The answer holds the signing secret: it stays in this dialog, not in the store.
      request.reset();
      setCreating(false);
    }
  }

  return (
    <Dialog
      open={open}
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
            setUrl('');
            setUrlLeft(false);
            setEvents([]);
            setDescription('');
            setFailure(null);
            onExited();
          },
        },
      }}
    >
      {created ? (
        <SecretShownOnce
          titleId={titleId}
          title="Endpoint added"
          label="Signing secret"
          secret={created.signingSecret}
          ifLost="If it is lost, delete this endpoint and add it again."
          intro={
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              Events go to{' '}
              <Box component="span" sx={monoSx}>
                {created.url}
              </Box>{' '}
              from now on.
            </Typography>
          }
          onDone={onClose}
        >
          <Typography variant="body2" color="text.secondary">
            Each delivery is a <code>POST</code> with a JSON body and the headers{' '}
            <Box component="code" sx={monoSx}>
              {WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;
            </Box>{' '}
            (the hex HMAC-SHA256 of <code>&quot;&lt;t&gt;.&lt;body&gt;&quot;</code> keyed with this secret)
            and{' '}
            <Box component="code" sx={monoSx}>
              {WEBHOOK_EVENT_ID_HEADER}
            </Box>{' '}
            to skip an event already handled. Answer with a 2xx within {WEBHOOK_TIMEOUT_SECONDS} seconds, or
            the delivery is retried.
          </Typography>
        </SecretShownOnce>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id={titleId} component="h2" variant="h3">
            Add endpoint
          </DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
            <TextField
              label="Endpoint URL"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onBlur={() => setUrlLeft(true)}
              required
              fullWidth
              error={showProblem}
              placeholder="https://example.com/webhooks/millstone"
              helperText={showProblem ? problem : 'Where we send the events, over HTTPS'}
              slotProps={{ htmlInput: { maxLength: WEBHOOK_ENDPOINT_URL_MAX_LENGTH, inputMode: 'url' } }}
              sx={{ mt: 1 }}
            />
            <CodeChoices
              legend="Events"
              options={webhookEventTypes}
              descriptions={WEBHOOK_EVENT_DESCRIPTIONS}
              chosen={events}
              onChange={setEvents}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              fullWidth
              helperText="Optional: what receives these events"
              slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH } }}
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
            createLabel="Add endpoint"
          />
        </Box>
      )}
    </Dialog>
  );
}
