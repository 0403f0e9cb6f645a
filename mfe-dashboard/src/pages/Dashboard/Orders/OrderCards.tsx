import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CardList, cardSx } from '../../../components/CardList';
import { formatDate } from '@portal/ui/format-date';
import { formatMoney } from '../../../format/money';
import { OrderId } from './OrderId';
import { OrderStatusChip, OrderStatusNote } from './OrderStatusChip';
import { ViewItemsButton } from './ViewItemsButton';
import type { OrderListProps } from './OrdersTable';

/** The orders on a phone: one card each, with the table's facts and its action. */
export function OrderCards({ orders, onViewItems, listPath }: OrderListProps) {
  return (
    <CardList label="Your orders">
      {orders.map((order) => (
        <Box component="li" key={order.id} sx={{ ...cardSx, p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" component="p">
              Order <OrderId id={order.id} href={`${listPath}/${order.id}`} />
            </Typography>
            <OrderStatusChip status={order.status} />
          </Box>
          <OrderStatusNote status={order.status} />
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
            <ViewItemsButton order={order} onViewItems={onViewItems} />
          </Box>
        </Box>
      ))}
    </CardList>
  );
}
