import { useState } from 'react';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import type { Order } from '@portal/contracts';
import { RouteButton } from '@portal/ui';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { ShowMore } from '../../../components/ShowMore';
import { LoadError } from '../../../components/LoadError';
import { TabHeader } from '../../../components/TabHeader';
import { useFailureToast } from '../../../components/useFailureToast';
import { OrderCards } from './OrderCards';
import { OrderItemsDialog } from './OrderItemsDialog';
import { OrderPage } from './OrderPage';
import { OrdersTable } from './OrdersTable';
import { useOrderPagesInfiniteQuery } from './orders-api';
import { Subscriptions } from './Subscriptions';

export interface OrdersTabProps {
  /** The tab's address (`/dashboard/orders`). */
  listPath?: string;
  /** `/dashboard/orders/{id}`: that order's page instead of the list. */
  orderId?: string;
}

/** The Orders tab: the organization's orders, newest first, or one order's page at its own address. */
export function OrdersTab({ listPath = '/dashboard/orders', orderId }: OrdersTabProps) {
  return orderId ? <OrderPage orderId={orderId} listPath={listPath} /> : <OrderList listPath={listPath} />;
}

/** The orders a page at a time ('Show more orders' follows the cursor), and what each holds. */
function OrderList({ listPath }: { listPath: string }) {
  const pages = useOrderPagesInfiniteQuery();
  useFailureToast(pages, 'Failed to fetch orders');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [viewing, setViewing] = useState<Order | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const viewItems = (order: Order) => {
    setViewing(order);
    setDialogOpen(true);
  };

  const orders = pages.data?.pages.flatMap((page) => page.orders);
  let content;
  if (orders?.length) {
    const List = phone ? OrderCards : OrdersTable;
    content = (
      <>
        <List orders={orders} onViewItems={viewItems} listPath={listPath} />
        <ShowMore pages={pages} what="orders" />
      </>
    );
  } else if (orders) {
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
  } else if (pages.isError) {
    content = <LoadError title="We could not load your orders." onRetry={() => void pages.refetch()} />;
  } else {
    content = <ListSkeleton label="Loading orders" rowHeight={56} />;
  }

  return (
    <>
      <TabHeader
        title="Orders"
        description="Your service packages, what you pay for them each month and their status. Open an order for its payments and invoice."
      />
      <Subscriptions />
      <Typography variant="h5" component="h3" sx={{ mb: 2 }}>
        Order history
      </Typography>
      {content}
      <OrderItemsDialog order={viewing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
