import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import type { OrderDetail, PaymentStatus } from '@portal/contracts';
import { showToast, useAppDispatch } from '@portal/store';
import { formatDate } from '@portal/ui/format-date';
import { ItemPage, ItemView } from '../../../components/ItemPage';
import { centsOf, formatMoney } from '../../../format/money';
import { shortOrderId } from './OrderId';
import { OrderStatusChip, OrderStatusNote } from './OrderStatusChip';
import { OrderItemList } from './OrderItemList';
import { PaymentHistory } from './PaymentHistory';
import { downloadInvoice, type InvoicePaper } from './invoice-download';
import { useOrderDetailQuery } from './orders-api';

/** What the payment status says, in words (its colour only repeats them). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Awaiting payment',
  processing: 'Payment processing',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
  canceled: 'Canceled',
};

const paymentStatusColors: Record<PaymentStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  unpaid: 'default',
  processing: 'info',
  paid: 'success',
  partially_refunded: 'warning',
  refunded: 'warning',
  failed: 'error',
  canceled: 'default',
};

const sectionSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 3,
  bgcolor: 'background.paper',
  p: { xs: 2, sm: 3 },
};

export interface OrderPageProps {
  orderId: string;
  /** The Orders tab's address (`/dashboard/orders`): the way back. */
  listPath: string;
}

/**
 * `/dashboard/orders/{id}`: the order's items and totals, its payment status and history (placed, paid,
 * failed, refunded), and its PDF invoice once paid.
 */
export function OrderPage({ orderId, listPath }: OrderPageProps) {
  const order = useOrderDetailQuery(orderId);
  return (
    <ItemPage listPath={listPath} what="order" tab="Orders" queries={[order]}>
      {() => <OrderView order={order.data!} />}
    </ItemPage>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const itemsId = useId();
  const historyId = useId();
  const invoiceId = useId();
  const refunded = centsOf(order.amountRefunded) > 0;
  return (
    <ItemView
      titleId="order-title"
      title={
        <>
          Order{' '}
          <Box component="abbr" title={order.id} sx={{ fontFamily: 'monospace', textDecoration: 'none' }}>
            {shortOrderId(order.id)}…
          </Box>
        </>
      }
      badges={
        <>
          <OrderStatusChip status={order.status} />
          <Chip
            size="small"
            variant="outlined"
            color={paymentStatusColors[order.paymentStatus]}
            label={paymentStatusLabels[order.paymentStatus]}
            sx={{ fontWeight: 600 }}
          />
        </>
      }
      note={<OrderStatusNote status={order.status} />}
      facts={
        <>
          <Typography variant="body2">
            Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </Typography>
          {order.paidAt && (
            <Typography variant="body2">
              Paid <time dateTime={order.paidAt}>{formatDate(order.paidAt)}</time>
            </Typography>
          )}
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {order.id}
          </Typography>
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box component="section" aria-labelledby={itemsId} sx={sectionSx}>
          <Typography id={itemsId} variant="h5" component="h3" sx={{ mb: 1.5 }}>
            Items
          </Typography>
          <OrderItemList items={order.items} />
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1.5,
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              rowGap: 0.75,
              columnGap: 2,
            }}
          >
            <Total label="Subtotal" value={formatMoney(order.subtotal)} />
            <Total label="Sales tax" value={formatMoney(order.tax)} />
            <Total label="Total" value={formatMoney(order.total)} strong />
            {order.paidAt && <Total label="Paid" value={formatMoney(order.amountPaid)} />}
            {refunded && (
              <Total label="Refunded to your card" value={`−${formatMoney(order.amountRefunded)}`} />
            )}
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
            No sales tax is charged on our business services; any use tax is yours to report.
          </Typography>
        </Box>

        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Box component="section" aria-labelledby={invoiceId} sx={sectionSx}>
            <Typography id={invoiceId} variant="h5" component="h3" sx={{ mb: 1 }}>
              Invoice
            </Typography>
            <InvoicePanel order={order} />
          </Box>
          <Box component="section" aria-labelledby={historyId} sx={sectionSx}>
            <Typography id={historyId} variant="h5" component="h3" sx={{ mb: 1.5 }}>
              Payment history
            </Typography>
            <PaymentHistory history={order.history} headingId={historyId} />
          </Box>
        </Box>
      </Box>
    </ItemView>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? 800 : 500;
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: weight, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
      >
        {value}
      </Typography>
    </>
  );
}

/** The invoice's number and date with its download (US Letter, or A4), or why there is none yet. */
function InvoicePanel({ order }: { order: OrderDetail }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<InvoicePaper | null>(null);
  const invoice = order.invoice;
  if (!invoice) {
    return (
      <Typography color="text.secondary">
        {order.status === 'canceled'
          ? 'This order was canceled, so it has no invoice.'
          : 'The invoice is available once the order is paid.'}
      </Typography>
    );
  }
  const download = async (paper: InvoicePaper) => {
    setBusy(paper);
    try {
      await downloadInvoice(order.id, invoice.number, paper);
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to download invoice',
          description: (error as Error).message,
          severity: 'error',
        }),
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Typography>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {invoice.number}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          · issued <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt)}</time>
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          variant="contained"
          startIcon={<PictureAsPdfRounded />}
          onClick={() => void download('letter')}
          disabled={busy !== null}
          aria-label={`Download invoice ${invoice.number} (PDF)`}
        >
          {busy === 'letter' ? 'Downloading…' : 'Download PDF'}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void download('a4')}
          disabled={busy !== null}
          aria-label={`Download invoice ${invoice.number} on A4 paper (PDF)`}
        >
          {busy === 'a4' ? 'Downloading…' : 'A4 paper'}
        </Button>
      </Box>
    </>
  );
}
