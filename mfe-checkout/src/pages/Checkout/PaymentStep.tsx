import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { useNavigate } from 'react-router-dom';
import { useCartContext } from '@portal/store';
import { CheckoutNotice } from './CheckoutNotice';
import { CheckoutLayout } from './CheckoutLayout';
import { usePaymentSetup } from './usePaymentSetup';
import type { SentCart } from './sales/CartSentToSales';
import { PaymentsOff } from './sales/PaymentsOff';

const PaymentForm = lazy(() => import('./PaymentForm'));

/** The confirmation's address: reloading it, or coming back from a bank's page, shows the same. */
export const confirmationPath = (orderId: string) => `/checkout?order=${encodeURIComponent(orderId)}`;

function SettingUp() {
  return (
    <Box role="status" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography>Setting up secure payment...</Typography>
    </Box>
  );
}

/**
 * The cart is there and the visitor signed in: set up the payment, then take it; with payments off,
 * offer to send the cart to sales instead.
 */
export function PaymentStep({ onSentToSales }: { onSentToSales: (sent: SentCart) => void }) {
  const navigate = useNavigate();
  const { items, total } = useCartContext();
  const { setup, retry } = usePaymentSetup();

  switch (setup.kind) {
    case 'loading':
      return <SettingUp />;
    case 'setupRequired':
      return <PaymentsOff onSentToSales={onSentToSales} />;
    case 'failed':
      return (
        <CheckoutNotice
          role="alert"
          icon={<ErrorOutlineRounded color="error" />}
          title="Payment Setup Failed"
          actions={
            <Button variant="contained" onClick={retry}>
              Try Again
            </Button>
          }
        >
          <Typography>Unable to initialize payment. Please try again.</Typography>
          {setup.detail && <Typography sx={{ mt: 1 }}>{setup.detail}</Typography>}
        </CheckoutNotice>
      );
    case 'ready':
      return (
        <CheckoutLayout title="Checkout" items={items} total={total}>
          <Suspense fallback={<SettingUp />}>
            <PaymentForm
              clientSecret={setup.clientSecret}
              orderId={setup.orderId}
              publishableKey={setup.publishableKey}
              total={total}
              onPaid={(orderId) => void navigate(confirmationPath(orderId), { replace: true })}
            />
          </Suspense>
        </CheckoutLayout>
      );
  }
}
