import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import { useNavigate } from 'react-router-dom';
import { commerceMessages, type OrderStatus } from '@portal/contracts';
import { RouteButton } from '@portal/ui';
import { cartCleared, useAppDispatch } from '@portal/store';
import { formatMoney } from '../../cart/money';
import { ordersChanged, useOrderQuery } from './checkout-api';
import { CheckoutNotice } from './CheckoutNotice';
import { CheckoutProgress } from './CheckoutProgress';
import { forgetIdempotencyKey } from './idempotency-key';

/** How often the order is read again while Stripe's answer is on its way. */
export const ORDER_POLL_INTERVAL_MS = 1500;
/** After this long still pending, the page stops waiting and says the payment is processing. */
export const ORDER_PENDING_TIMEOUT_MS = 20_000;

/** Statuses an order never leaves: nothing more to read. */
const finalStatuses: readonly OrderStatus[] = ['completed', 'failed', 'canceled'];

export interface OrderConfirmationProps {
  orderId: string;
  /** Stripe already said the payment is processing (back from a bank's page), before the order does. */
  processing?: boolean;
  /** Stripe just took this payment: a failed status is an earlier card's, about to give way. */
  paymentTaken?: boolean;
}

/**
 * After paying (or coming back from a bank's page through Stripe's return_url, or opening the cart
 * of an order paid elsewhere): the order's status as the server knows it, read again until it is
 * final. Completed empties the cart; processing says the bank has not confirmed yet (never 'Thank
 * you' as if paid); failed and canceled let the cart be paid again (a canceled order, as a new order).
 */
export function OrderConfirmation({
  orderId,
  processing = false,
  paymentTaken = false,
}: OrderConfirmationProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const [final, setFinal] = useState(false);
  const {
    data: order,
    isError,
    refetch,
  } = useOrderQuery(orderId, {
    pollingInterval: waitedTooLong || final ? 0 : ORDER_POLL_INTERVAL_MS,
  });
  const status = order?.status;
  const earlierCardFailed = paymentTaken && status === 'failed';
  const isFinal = status !== undefined && finalStatuses.includes(status) && !earlierCardFailed;
  // Polling stops as soon as the order is final (state set while rendering: no extra poll first).
  if (isFinal && !final) setFinal(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedTooLong(true), ORDER_PENDING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [orderId]);

  useEffect(() => {
    if (isFinal) {
      forgetIdempotencyKey();
      dispatch(ordersChanged());
    }
    if (status === 'completed') dispatch(cartCleared());
  }, [status, isFinal, dispatch]);

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
  if (status === 'failed' && !earlierCardFailed) {
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
  if (status === 'canceled') {
    return (
      <CheckoutNotice
        role="status"
        icon={<EventBusyRounded color="secondary" />}
        title="This order was canceled"
        actions={
          <Button variant="contained" onClick={() => void navigate('/checkout', { replace: true })}>
            Check Out Again
          </Button>
        }
      >
        <Typography>{commerceMessages.orderCanceled}</Typography>
        <Typography sx={{ mt: 1 }}>Nothing was charged. Your cart is still here.</Typography>
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
  // Processing as the server or Stripe says, or pending for longer than a card payment takes.
  if (status === 'processing' || (processing && status === 'pending') || waitedTooLong) {
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
        <Typography>{commerceMessages.paymentProcessing}</Typography>
        <Typography sx={{ mt: 1 }}>The order and its status are on your dashboard.</Typography>
      </CheckoutNotice>
    );
  }
  return <CheckoutProgress>Confirming your payment...</CheckoutProgress>;
}
