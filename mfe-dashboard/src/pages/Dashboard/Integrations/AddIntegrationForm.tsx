import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  API_KEY_MAX_LENGTH,
  createIntegrationRequestSchema,
  INTEGRATION_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type CreateIntegrationRequest,
  type IntegrationType,
} from '@portal/contracts';
import { SecretField } from '@portal/ui/secret-field';
import { CancelCreateActions } from '../../../components/CancelCreateActions';
import { INTEGRATION_TYPE_LABELS, INTEGRATION_TYPES } from './integration-types';

const WEBHOOK_URL_HINT = "Optional: your system's endpoint for notifications from us";

/** The server's own rule for the webhook URL (empty is fine): its message when the URL breaks it. */
function webhookUrlProblem(url: string): string | undefined {
  return createIntegrationRequestSchema.shape.webhookUrl.safeParse(url).error?.issues[0]?.message;
}

export interface AddIntegrationFormProps {
  titleId: string;
  creating: boolean;
  onCancel: () => void;
  onCreate: (request: CreateIntegrationRequest) => void;
}

/**
 * Step one of Add Integration: Type, Name, API Key and an optional Webhook URL
 * ('Create' stays disabled until type, name and API key are filled and the webhook URL, if any, is
 * one the server accepts). Enter submits.
 */
export function AddIntegrationForm({ titleId, creating, onCancel, onCreate }: AddIntegrationFormProps) {
  const [type, setType] = useState<IntegrationType | ''>('');
  const [name, setName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  // The URL's problem is shown once the field was left, not while it is being typed.
  const [webhookUrlLeft, setWebhookUrlLeft] = useState(false);
  const urlProblem = webhookUrlProblem(webhookUrl);
  const showUrlProblem = webhookUrlLeft && urlProblem !== undefined;
  const complete = type !== '' && name.trim() !== '' && apiKey.trim() !== '' && urlProblem === undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || creating) return;
    const url = webhookUrl.trim();
    onCreate({ type, name: name.trim(), apiKey: apiKey.trim(), ...(url && { webhookUrl: url }) });
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id={titleId} component="h2" variant="h3">
        Add Integration
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
        {/* The first field's top margin keeps its floating label clear of the title. */}
        <TextField
          select
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as IntegrationType)}
          required
          fullWidth
          helperText="The CRM or dialer to connect"
          sx={{ mt: 1 }}
        >
          {INTEGRATION_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {INTEGRATION_TYPE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          fullWidth
          placeholder="e.g. Sales team HubSpot"
          slotProps={{ htmlInput: { maxLength: INTEGRATION_NAME_MAX_LENGTH } }}
        />
        <SecretField
          secretName="API key"
          label="API Key"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          required
          fullWidth
          // Not a login password: keep password managers from offering to save or fill it.
          slotProps={{ htmlInput: { maxLength: API_KEY_MAX_LENGTH, autoComplete: 'off', spellCheck: false } }}
          helperText="Stored encrypted and never shown again"
        />
        <TextField
          label="Webhook URL"
          type="url"
          value={webhookUrl}
          onChange={(event) => setWebhookUrl(event.target.value)}
          onBlur={() => setWebhookUrlLeft(true)}
          error={showUrlProblem}
          fullWidth
          placeholder="https://"
          helperText={showUrlProblem ? urlProblem : WEBHOOK_URL_HINT}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH, inputMode: 'url' } }}
        />
      </DialogContent>
      <CancelCreateActions onCancel={onCancel} creating={creating} canCreate={complete} sx={{ pt: 1 }} />
    </Box>
  );
}
