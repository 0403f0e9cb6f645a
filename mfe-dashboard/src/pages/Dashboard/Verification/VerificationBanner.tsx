import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@portal/contracts';
import { serverMessage, useAppDispatch, type ApiError } from '@portal/store';
import {
  accountChanged,
  useAccountQuery,
  useResendVerificationEmailMutation,
} from '@portal/store/account-api';

/**
 * Above every dashboard tab while the account's email is not verified (GET /api/account): what to
 * do, and 'Resend' (POST /api/account/verification-email) with the server's answer. A 409 means it
 * was verified meanwhile: the account is read again and the banner goes.
 */
export function VerificationBanner() {
  const dispatch = useAppDispatch();
  const { data: account } = useAccountQuery();
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  if (!account || account.emailVerified) return null;

  const send = async () => {
    setAnswer(null);
    try {
      const { message } = await resend().unwrap();
      setAnswer({ ok: true, text: message });
    } catch (caught) {
      if ((caught as ApiError).status === 409) {
        dispatch(accountChanged());
        return;
      }
      setAnswer({ ok: false, text: serverMessage(caught) ?? (caught as ApiError).message });
    }
  };

  return (
    <Alert
      severity="warning"
      variant="outlined"
      sx={{ mb: 3, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      component="section"
      aria-label="Verify your email address"
      role="region"
    >
      <AlertTitle component="h2" sx={{ typography: 'h6' }}>
        Verify your email address
      </AlertTitle>
      <Box sx={{ overflowWrap: 'anywhere' }}>
        We sent a link to <strong>{account.email}</strong>. Open it to confirm the address is yours, so we can
        reach you about orders, tickets and your account. The link is valid for {EMAIL_VERIFICATION_TTL_HOURS}{' '}
        hours.
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <Button size="small" variant="outlined" color="warning" onClick={send} loading={isLoading}>
          Resend
        </Button>
        <Box
          component="span"
          role="status"
          sx={{ typography: 'body2', color: answer && !answer.ok ? 'error.main' : 'text.primary' }}
        >
          {answer?.text}
        </Box>
      </Box>
    </Alert>
  );
}
