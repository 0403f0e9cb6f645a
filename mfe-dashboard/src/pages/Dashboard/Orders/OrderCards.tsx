import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../format/date';
import { formatMoney } from '../../../format/money';
import { OrderId, shortOrderId } from './OrderId';
import { OrderStatusChip } from './OrderStatusChip';
import type { OrderListProps } from './OrdersTable';

/** The orders on a phone: one card each, with the table's facts and its action. */
export function OrderCards({ orders, onViewItems }: OrderListProps) {
  return (
    <Box
      component="ul"
      aria-label="Your orders"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {orders.map((order) => (
        <Box
          component="li"
          key={order.id}
          sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" component="p">
              Order <OrderId id={order.id} />
            </Typography>
            <OrderStatusChip status={order.status} />
          </Box>
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 1, mt: 1.5 }}
          >
            <div>
              <Typography sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(order.total)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </Typography>
            </div>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              aria-label={`View items of order ${shortOrderId(order.id)}`}
              onClick={() => onViewItems(order)}
            >
              View items
            </Button>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
