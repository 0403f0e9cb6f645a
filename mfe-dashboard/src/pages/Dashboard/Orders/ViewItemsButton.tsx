import Button from '@mui/material/Button';
import type { Order } from '@portal/contracts';
import { shortOrderId } from './OrderId';

/** 'View items' of one order, in the table and in the phone cards alike. */
export function ViewItemsButton({
  order,
  onViewItems,
}: {
  order: Order;
  onViewItems: (order: Order) => void;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      aria-label={`View items of order ${shortOrderId(order.id)}`}
      onClick={() => onViewItems(order)}
    >
      View items
    </Button>
  );
}
