import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddShoppingCartRounded from '@mui/icons-material/AddShoppingCartRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DoNotDisturbOnRounded from '@mui/icons-material/DoNotDisturbOnRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import type { PaymentEvent, PaymentEventKind } from '@portal/contracts';
import type { ReactElement } from 'react';
import { formatDateTime } from '@portal/ui/format-date';
import { formatMoney } from '../../../format/money';

/** Each step's words, icon and colour: the words carry the meaning, the colour only repeats it. */
const steps: Record<PaymentEventKind, { label: string; icon: ReactElement; color: string }> = {
  created: { label: 'Order placed', icon: <AddShoppingCartRounded />, color: 'text.secondary' },
  processing: { label: 'Payment processing', icon: <HourglassTopRounded />, color: 'info.main' },
  paid: { label: 'Payment received', icon: <CheckCircleRounded />, color: 'success.main' },
  failed: { label: 'Payment failed', icon: <ErrorRounded />, color: 'error.main' },
  canceled: { label: 'Order canceled', icon: <DoNotDisturbOnRounded />, color: 'text.secondary' },
  refunded: { label: 'Refunded', icon: <ReplayRounded />, color: 'warning.main' },
  refund_failed: { label: 'Refund failed', icon: <ErrorRounded />, color: 'error.main' },
};

/** The order's payment history, oldest first: what happened, when, for how much, and why when it failed. */
export function PaymentHistory({
  history,
  headingId,
}: {
  history: readonly PaymentEvent[];
  headingId: string;
}) {
  return (
    <Box
      component="ol"
      aria-labelledby={headingId}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0 }}
    >
      {history.map((step, index) => {
        const { label, icon, color } = steps[step.kind];
        const last = index === history.length - 1;
        return (
          <Box component="li" key={`${step.kind}-${step.at}-${index}`} sx={{ display: 'flex', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box aria-hidden sx={{ color, display: 'flex', '& svg': { fontSize: 22 } }}>
                {icon}
              </Box>
              {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5, minHeight: 16 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 650 }}>
                {label}
                {step.amount !== null &&
                (step.kind === 'refunded' || step.kind === 'refund_failed' || step.kind === 'paid')
                  ? ` · ${formatMoney(step.amount)}`
                  : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </Typography>
              {step.note && (
                <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
                  {step.note}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
