import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { showToast, useAppDispatch } from '@portal/store';
import { RouteLink } from '@portal/ui';
import { cardSx } from '../../../components/CardList';
import { ConfirmDialog } from '../Team/ConfirmDialog';
import { CopyableValue } from '../Integrations/CopyableValue';
import { DeliveryLog } from './DeliveryLog';
import { useRevealCallbackSecretMutation, useRollCallbackSecretMutation } from './developers-api';
import { failureText, monoSx } from './developer-labels';
import { SectionHeader } from './SectionHeader';

/**
 * Ticket callbacks: the organization's callback signing secret (Reveal, Roll) and the log of what was
 * posted to tickets' `callback_url`, with Resend. Nothing is asked of crm until the member acts: the
 * secret is made on first need, and stays in this component's state, never in the store.
 */
export function CallbacksSection() {
  const dispatch = useAppDispatch();
  const logId = useId();
  const [reveal] = useRevealCallbackSecretMutation();
  const [roll] = useRollCallbackSecretMutation();
  const [busy, setBusy] = useState<'reveal' | 'roll' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [revealFailure, setRevealFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rollFailure, setRollFailure] = useState<string | null>(null);
  const [showLog, setShowLog] = useState(false);

  async function revealIt() {
    setBusy('reveal');
    setRevealFailure(null);
    const request = reveal();
    try {
      setSecret((await request.unwrap()).signingSecret);
    } catch (error) {
      setRevealFailure(failureText(error));
    } finally {
      // The answer holds the secret: it stays in this component, not in the store.
      request.reset();
      setBusy(null);
    }
  }

  async function rollIt() {
    if (busy) return;
    setBusy('roll');
    setRollFailure(null);
    const request = roll();
    try {
      setSecret((await request.unwrap()).signingSecret);
      setConfirming(false);
      dispatch(
        showToast({
          title: 'Callback signing secret rolled',
          description: 'Callbacks are signed with the new secret from now on.',
          severity: 'success',
        }),
      );
    } catch (error) {
      setRollFailure(failureText(error));
    } finally {
      request.reset();
      setBusy(null);
    }
  }

  return (
    <Box component="section" aria-labelledby="developers-callbacks" sx={{ mt: 5 }}>
      <SectionHeader
        id="developers-callbacks"
        title="Ticket callbacks"
        description={
          <>
            When a ticket opened through the API with a <code>callback_url</code> changes status, priority or
            assignment, or our staff reply, we post <code>ticket.updated</code> or <code>ticket.replied</code>{' '}
            there, signed with this secret. See{' '}
            <RouteLink href="/docs#ticket-callbacks">ticket callbacks</RouteLink> in the API docs.
          </>
        }
      />
      <Box sx={{ ...cardSx, display: 'grid', gap: 1.5 }}>
        {secret ? (
          <CopyableValue label="Callback signing secret" value={secret} />
        ) : (
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              Callback signing secret
            </Typography>
            <Box component="span" sx={monoSx}>
              whsec_••••••••••••
            </Box>
          </Box>
        )}
        {revealFailure && (
          <Typography variant="body2" color="error" role="alert">
            {revealFailure}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {secret ? (
            <Button variant="outlined" color="inherit" onClick={() => setSecret(null)}>
              Hide secret
            </Button>
          ) : (
            <Button variant="outlined" loading={busy === 'reveal'} onClick={() => void revealIt()}>
              Reveal secret
            </Button>
          )}
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => {
              setRollFailure(null);
              setConfirming(true);
            }}
          >
            Roll secret
          </Button>
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Button
          color="inherit"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
          endIcon={<ExpandMoreRounded sx={{ transform: showLog ? 'rotate(180deg)' : undefined }} />}
        >
          {showLog ? 'Hide callback deliveries' : 'Show callback deliveries'}
        </Button>
        <Box id={logId} hidden={!showLog} sx={{ mt: 1 }}>
          {showLog && <DeliveryLog endpointId={null} />}
        </Box>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Roll the callback signing secret?"
        confirmLabel="Roll secret"
        busy={busy === 'roll'}
        failure={rollFailure}
        onConfirm={() => void rollIt()}
        onClose={() => setConfirming(false)}
      >
        Callbacks are signed with a new secret at once, retries of earlier ones too. Receivers that verify
        with the current secret refuse them until you give them the new one.
      </ConfirmDialog>
    </Box>
  );
}
