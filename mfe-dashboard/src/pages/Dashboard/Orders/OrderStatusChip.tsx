import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@portal/contracts';

/** 'completed' wears the default badge, every other status the secondary one. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      label={status}
      size="small"
      color={status === 'completed' ? 'default' : 'secondary'}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}
