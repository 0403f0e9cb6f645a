import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { OrderStatus as Status } from '@portal/contracts';

/**
 * 'completed' wears the default badge, every other status the secondary one. The default badge is
 * the solid, prominent one (in the success colour); the secondary badge is outlined and quieter:
 * pending and processing (both waiting for the bank) alike, a failed order's in the error colour so
 * it reads as a problem, and a canceled order's muted (grey text, dashed edge) since it is over.
 */
const badges: Record<Status, Pick<ChipProps, 'color' | 'variant' | 'sx'>> = {
  completed: { color: 'success', variant: 'filled' },
  pending: { color: 'default', variant: 'outlined' },
  processing: { color: 'default', variant: 'outlined' },
  failed: { color: 'error', variant: 'outlined' },
  canceled: { color: 'default', variant: 'outlined', sx: { color: 'text.secondary', borderStyle: 'dashed' } },
};

/** Why a canceled order is canceled: the status alone would leave the customer guessing. */
export const CANCELED_ORDER_NOTE = 'Not paid in time. Nothing was charged.';

export function OrderStatusChip({ status }: { status: Status }) {
  const { sx, ...badge } = badges[status];
  return (
    <Chip
      label={status}
      size="small"
      {...badge}
      sx={{ textTransform: 'capitalize', fontWeight: 600, ...sx }}
    />
  );
}

/** What an order's status means when the badge alone does not say it (a canceled order: why). */
export function OrderStatusNote({ status }: { status: Status }) {
  if (status !== 'canceled') return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
      {CANCELED_ORDER_NOTE}
    </Typography>
  );
}
