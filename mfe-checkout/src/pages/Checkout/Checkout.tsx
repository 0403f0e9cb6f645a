import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import { useLocation } from 'react-router-dom';
import { BRAND_NAME, lazyPage, PageLoading, RedirectNotice, RouteButton, usePageMeta } from '@portal/ui';
import { selectSessionStatus, useAppSelector, useCartContext } from '@portal/store';
import { useCheckoutAllowed } from '../../components/useCheckoutAllowed';
import { CheckoutNotice } from './CheckoutNotice';
import { checkoutStateOf } from './checkout-state';
import { CheckoutProgress } from './CheckoutProgress';
import { OrderConfirmation } from './OrderConfirmation';
import { PaymentStep } from './PaymentStep';
import { CartSentToSales, type SentCart } from './sales/CartSentToSales';

// Only a return from a bank's page (3-D Secure) needs it, and it brings Stripe.js.
const { Page: PaymentReturn } = lazyPage(() => import('./PaymentReturn'));

/**
 * /checkout: sign-in required; with nothing in the cart there is nothing to pay;
 * otherwise the payment, then (`?order=<id>`) the order's confirmation. Stripe's return_url is that
 * address with the PaymentIntent's client secret added: its outcome is read first.
 * With payments off the cart can go to sales instead: its confirmation outlives the emptied cart.
 */
export default function Checkout() {
  usePageMeta({
    title: 'Checkout',
    description: `Check out your ${BRAND_NAME} service packages securely by card: month-to-month terms, no hidden fees and no long-term contracts. Sign-in required.`,
    path: '/checkout',
    noindex: true,
  });
  const session = useAppSelector(selectSessionStatus);
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const orderId = search.get('order');
  const returnedSecret = search.get('payment_intent_client_secret');
  const { paymentError, paymentProcessing, paymentTaken } = checkoutStateOf(location.state);
  const { items } = useCartContext();
  const [sentToSales, setSentToSales] = useState<SentCart | null>(null);
  const { allowed, refusal } = useCheckoutAllowed();
  if (session === 'checking') return <PageLoading />;
  if (session === 'signedOut') {
    return (
      <RedirectNotice
        title="Authentication Required"
        message="Please sign in to proceed with checkout."
        to="/login?redirect=/checkout"
      />
    );
  }
  if (orderId && returnedSecret) {
    return (
      <Suspense fallback={<CheckoutProgress>Confirming your payment...</CheckoutProgress>}>
        <PaymentReturn orderId={orderId} clientSecret={returnedSecret} />
      </Suspense>
    );
  }
  if (orderId) {
    return <OrderConfirmation orderId={orderId} processing={paymentProcessing} paymentTaken={paymentTaken} />;
  }
  if (sentToSales) return <CartSentToSales {...sentToSales} />;
  // A member whose role does not pay: no payment is set up (the server would refuse it).
  if (items.length && !allowed) {
    return (
      <CheckoutNotice
        role="status"
        icon={<GroupsRounded color="secondary" />}
        title="Checkout is for your billing team"
        actions={
          <RouteButton href="/dashboard/team" variant="outlined" color="inherit">
            See who is on your team
          </RouteButton>
        }
      >
        <Typography>{refusal} Your cart stays here.</Typography>
      </CheckoutNotice>
    );
  }
  return items.length ? (
    <PaymentStep onSentToSales={setSentToSales} paymentError={paymentError} />
  ) : (
    <EmptyCart />
  );
}

function EmptyCart() {
  return (
    <Box
      component="section"
      sx={{ px: 2, py: { xs: 10, md: 14 }, textAlign: 'center', maxWidth: 520, mx: 'auto' }}
    >
      <ShoppingCartRounded color="secondary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        Your Cart is Empty
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Choose the services that fit your business, then come back here to check out securely.
      </Typography>
      <RouteButton href="/pricing" variant="contained" size="large">
        View Pricing
      </RouteButton>
    </Box>
  );
}
