import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CreateIntegrationResponse, INBOUND_SIGNATURE_TOLERANCE_SECONDS } from '@portal/contracts';
import { UserText } from '@portal/ui/user-text';
import { CopyableValue } from './CopyableValue';
import { INTEGRATION_TYPE_LABELS } from './integration-types';

const SIGNATURE_TOLERANCE_SECONDS: typeof INBOUND_SIGNATURE_TOLERANCE_SECONDS = 300;

function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875em' }}
    >
      {children}
    </Box>
  );
}

export interface IntegrationConnectedProps {
  titleId: string;
  integration: CreateIntegrationResponse;
  onDone: () => void;
}

/**
 * Step two of Add Integration: where the CRM or dialer sends its events and the secret it signs
 * them with. The API answers the secret this once; it lives only in this step's props.
 */
export function IntegrationConnected({ titleId, integration, onDone }: IntegrationConnectedProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: start the reader at this step's title.
  useEffect(() => title.current?.focus(), []);
  const product = INTEGRATION_TYPE_LABELS[integration.type];

  return (
    <>
      <DialogTitle
        id={titleId}
        ref={title}
        tabIndex={-1}
        component="h2"
        variant="h3"
        sx={{ outline: 'none' }}
      >
        Integration connected
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, px: { xs: 2, sm: 3 } }}>
        <Typography>
          <strong>
            <UserText>{integration.name}</UserText>
          </strong>{' '}
          is connected. In {product}, add a webhook that sends its events to the inbound event URL below.
        </Typography>
        <CopyableValue label="Inbound event URL" value={integration.inboundUrl} />
        <CopyableValue label="Signing secret" value={integration.signingSecret} />
        <Alert severity="warning" variant="outlined">
          Copy the signing secret now: it won&apos;t be shown again. If it is lost, delete this integration
          and add it again.
        </Alert>
        <Box sx={{ typography: 'body2', color: 'text.secondary', '& p': { m: 0 }, display: 'grid', gap: 1 }}>
          <p>
            {product} sends each event as a <Code>POST</Code> with a JSON body: <Code>call.completed</Code>,{' '}
            <Code>lead.created</Code> or <Code>lead.converted</Code>. Your calls, leads and conversions count
            from these events.
          </p>
          <p>
            Every request carries the header{' '}
            <Code>X-Portal-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</Code>, where the signature
            is the hex HMAC-SHA256 of <Code>&quot;&lt;t&gt;.&lt;body&gt;&quot;</Code> keyed with the signing
            secret. Requests signed more than {SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from now are
            refused.
          </p>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, pb: 3, pt: 1 }}>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
