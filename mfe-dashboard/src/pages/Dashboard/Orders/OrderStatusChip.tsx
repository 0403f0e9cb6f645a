import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OrderStatus } from '@portal/contracts';

/**
 * 'completed' wears the default badge, every other status the secondary one. The default badge is
 * the solid, prominent one (in the success colour); the secondary badge is outlined and quieter,
 * and a failed order's is in the error colour so it reads as a problem.
 */
const badges: Record<OrderStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  completed: { color: 'success', variant: 'filled' },
  pending: { color: 'default', variant: 'outlined' },
  failed: { color: 'error', variant: 'outlined' },
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      label={status}
      size="small"
      {...badges[status]}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}
