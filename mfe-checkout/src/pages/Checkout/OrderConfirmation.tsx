import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import { useNavigate } from 'react-router-dom';
import { RouteButton } from '@portal/ui';
import { cartCleared, useAppDispatch } from '@portal/store';
import { formatMoney } from '../../cart/money';
import { ordersChanged, useOrderQuery } from './checkout-api';
import { CheckoutNotice } from './CheckoutNotice';
import { forgetIdempotencyKey } from './idempotency-key';

/** How often the order is read again while Stripe's answer is on its way. */
export const ORDER_POLL_INTERVAL_MS = 1500;
/** After this long still pending, the page stops waiting and says the payment is processing. */
export const ORDER_PENDING_TIMEOUT_MS = 20_000;

/**
 * After paying (or coming back from a bank's page through Stripe's return_url): the order's status
 * as the server knows it, read again while it is pending. Completed empties the cart.
 */
export function OrderConfirmation({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const {
    data: order,
    isError,
    refetch,
  } = useOrderQuery(orderId, {
    pollingInterval: waitedTooLong ? 0 : ORDER_POLL_INTERVAL_MS,
  });
  const status = order?.status;

  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedTooLong(true), ORDER_PENDING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [orderId]);

  useEffect(() => {
    if (status === 'completed' || status === 'failed') {
      forgetIdempotencyKey();
      dispatch(ordersChanged());
    }
    if (status === 'completed') dispatch(cartCleared());
  }, [status, dispatch]);

  if (order?.status === 'completed') {
    return (
      <CheckoutNotice
        role="status"
        icon={<CheckCircleRounded color="success" />}
        title="Thank you for your order!"
        actions={
          <>
            <RouteButton href="/dashboard" variant="contained">
              Go to Dashboard
            </RouteButton>
            <RouteButton href="/" variant="outlined" color="inherit">
              Back to Home
            </RouteButton>
          </>
        }
      >
        <Typography>Your payment went through and your services are being set up.</Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            justifyContent: 'center',
            columnGap: 2,
            rowGap: 0.5,
            mt: 2.5,
            '& dd': { m: 0, color: 'text.primary', fontWeight: 650, textAlign: 'left' },
            '& dt': { textAlign: 'right' },
          }}
        >
          <dt>Order</dt>
          <dd data-testid="order-id">{order.id}</dd>
          <dt>Total per month</dt>
          <dd>{formatMoney(Number(order.total))}</dd>
        </Box>
      </CheckoutNotice>
    );
  }
  if (status === 'failed') {
    return (
      <CheckoutNotice
        role="alert"
        icon={<ErrorOutlineRounded color="error" />}
        title="Payment Failed"
        actions={
          <Button variant="contained" onClick={() => void navigate('/checkout', { replace: true })}>
            Try Again
          </Button>
        }
      >
        <Typography>
          Your payment did not go through and you have not been charged. Your cart is still here.
        </Typography>
      </CheckoutNotice>
    );
  }
  if (isError && !order) {
    return (
      <CheckoutNotice
        role="alert"
        icon={<ErrorOutlineRounded color="error" />}
        title="We could not load your order"
        actions={
          <>
            <Button variant="contained" onClick={() => void refetch()}>
              Try Again
            </Button>
            <RouteButton href="/dashboard" variant="outlined" color="inherit">
              Go to Dashboard
            </RouteButton>
          </>
        }
      >
        <Typography>Your orders and their status are always on your dashboard.</Typography>
      </CheckoutNotice>
    );
  }
  if (waitedTooLong) {
    return (
      <CheckoutNotice
        role="status"
        icon={<HourglassTopRounded color="secondary" />}
        title="Your payment is processing"
        actions={
          <RouteButton href="/dashboard" variant="contained">
            Go to Dashboard
          </RouteButton>
        }
      >
        <Typography>
          Your bank is still confirming the payment, which can take a few minutes. The order and its status
          are on your dashboard.
        </Typography>
      </CheckoutNotice>
    );
  }
  return (
    <Box role="status" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography>Confirming your payment...</Typography>
    </Box>
  );
}
