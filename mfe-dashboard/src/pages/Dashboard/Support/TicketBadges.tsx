import Chip from '@mui/material/Chip';
import type { TicketPriority, TicketStatus } from '@portal/contracts';

/** An open ticket shows red; any other status green. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return (
    <Chip
      label={status.replace('_', ' ')}
      size="small"
      color={status === 'open' ? 'error' : 'success'}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}

const DESTRUCTIVE_PRIORITIES: readonly TicketPriority[] = ['high', 'urgent'];

/** High (and urgent, above it) get the destructive badge; low and medium a neutral one. */
export function TicketPriorityChip({ priority }: { priority: TicketPriority }) {
  return (
    <Chip
      label={`${priority} priority`}
      size="small"
      variant="outlined"
      color={DESTRUCTIVE_PRIORITIES.includes(priority) ? 'error' : 'default'}
      sx={{ '& .MuiChip-label::first-letter': { textTransform: 'uppercase' } }}
    />
  );
}
