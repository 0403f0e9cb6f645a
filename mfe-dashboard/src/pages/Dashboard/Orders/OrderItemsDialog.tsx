import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Order } from '@portal/contracts';
import { formatDate } from '@portal/ui/format-date';
import { formatMoney } from '../../../format/money';
import { OrderItemList } from './OrderItemList';
import { OrderStatusChip, OrderStatusNote } from './OrderStatusChip';

export interface OrderItemsDialogProps {
  /** The order shown; kept while the dialog closes so its content does not vanish mid-animation. */
  order: Order | null;
  open: boolean;
  onClose: () => void;
}

/** What an order holds: each package with quantity, monthly price and line total, then the order total. */
export function OrderItemsDialog({ order, open, onClose }: OrderItemsDialogProps) {
  return (
    <Dialog
      open={open && order !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="order-items-title"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } } }}
    >
      {order && (
        <>
          <DialogTitle id="order-items-title" component="h2" variant="h3">
            Order items
          </DialogTitle>
          <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </Typography>
              <OrderStatusChip status={order.status} />
            </Box>
            <OrderStatusNote status={order.status} />
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              Order ID: {order.id}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <OrderItemList items={order.items} label="Items in this order" />
            </Box>
            <Box
              sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', pt: 2, gap: 2 }}
            >
              <Typography sx={{ fontWeight: 650 }}>Order total</Typography>
              <Typography
                data-testid="order-total"
                sx={{ fontSize: '1.375rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatMoney(order.total)}
              </Typography>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
