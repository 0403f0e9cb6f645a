import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import { serverMessage } from '@portal/store';
import { useSearchParam } from '../../address/use-search-param';
import { useStatusSubscriptionLinkMutation } from './status-api';

const FAILED = 'We could not reach our server. Please open the link from your email again.';

/**
 * The mails' links, `/status?confirm=<token>` and `/status?unsubscribe=<token>`: sent once, the answer
 * shown, and the token taken out of the address (a reload or a shared link does not send it again).
 */
export function SubscriptionLink() {
  const [confirm, setConfirm] = useSearchParam('confirm');
  const [unsubscribe, setUnsubscribe] = useSearchParam('unsubscribe');
  const [send] = useStatusSubscriptionLinkMutation();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    const action = confirm ? 'confirm' : unsubscribe ? 'unsubscribe' : null;
    const token = confirm ?? unsubscribe;
    if (!action || !token || sent.current) return;
    sent.current = true;
    send({ action, token })
      .unwrap()
      .then((answer) => setOutcome({ severity: 'success', message: answer.message }))
      .catch((error: unknown) => setOutcome({ severity: 'error', message: serverMessage(error) ?? FAILED }))
      .finally(() =>
        action === 'confirm' ? setConfirm(null, { replace: true }) : setUnsubscribe(null, { replace: true }),
      );
  }, [confirm, unsubscribe, send, setConfirm, setUnsubscribe]);

  if (!outcome) return null;
  return (
    <Alert
      severity={outcome.severity}
      role={outcome.severity === 'success' ? 'status' : 'alert'}
      variant="outlined"
    >
      {outcome.message}
    </Alert>
  );
}
