import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Order } from '@portal/contracts';
import { formatDate } from '@portal/ui/format-date';
import { formatMoney } from '../../../format/money';
import { OrderId } from './OrderId';
import { OrderStatusChip, OrderStatusNote } from './OrderStatusChip';
import { ViewItemsButton } from './ViewItemsButton';

export interface OrderListProps {
  orders: readonly Order[];
  onViewItems: (order: Order) => void;
  /** The Orders tab's address: each order's page is below it (`/dashboard/orders/{id}`). */
  listPath: string;
}

/** The orders as a table of Order ID, Total, Status, Date and Actions (from 600 px). */
export function OrdersTable({ orders, onViewItems, listPath }: OrderListProps) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}>
      <Table aria-label="Your orders">
        <TableHead>
          <TableRow>
            <TableCell>Order ID</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell>
                <OrderId id={order.id} href={`${listPath}/${order.id}`} />
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 650, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(order.total)}
              </TableCell>
              <TableCell>
                <OrderStatusChip status={order.status} />
                <OrderStatusNote status={order.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </TableCell>
              <TableCell align="right">
                <ViewItemsButton order={order} onViewItems={onViewItems} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
