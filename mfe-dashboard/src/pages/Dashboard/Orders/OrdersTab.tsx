import { useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import type { Order } from '@portal/contracts';
import { RouteButton } from '@portal/ui';
import { useOrdersQuery } from '../../../api/dashboard-api';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { OrderCards } from './OrderCards';
import { OrderItemsDialog } from './OrderItemsDialog';
import { OrdersTable } from './OrdersTable';

/** The Orders tab: the customer's orders, newest first, and what each holds. */
export function OrdersTab() {
  const orders = useOrdersQuery();
  useFailureToast(orders, 'Failed to fetch orders');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [viewing, setViewing] = useState<Order | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const viewItems = (order: Order) => {
    setViewing(order);
    setDialogOpen(true);
  };

  let content;
  if (orders.data?.length) {
    const List = phone ? OrderCards : OrdersTable;
    content = <List orders={orders.data} onViewItems={viewItems} />;
  } else if (orders.data) {
    content = (
      <EmptyState
        icon={<ReceiptLongRounded />}
        title="No orders yet"
        action={
          <RouteButton href="/pricing" variant="contained">
            View Pricing
          </RouteButton>
        }
      >
        Your orders, their status and totals appear here after your first purchase.
      </EmptyState>
    );
  } else if (orders.isError) {
    content = <LoadError title="We could not load your orders." onRetry={() => void orders.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading orders" rowHeight={56} />;
  }

  return (
    <>
      <TabHeader
        title="Orders"
        description="Your service packages, what you pay for them each month and their status."
      />
      {content}
      <OrderItemsDialog order={viewing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
