import { Suspense, useEffect } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { useNavigate } from 'react-router-dom';
import { useCartContext } from '@portal/store';
import { lazyPage } from '@portal/ui';
import { type CheckoutState, confirmationPath } from './checkout-state';
import { CheckoutNotice } from './CheckoutNotice';
import { CheckoutProgress } from './CheckoutProgress';
import { CheckoutLayout } from './CheckoutLayout';
import { usePaymentSetup } from './usePaymentSetup';
import type { SentCart } from './sales/CartSentToSales';
import { PaymentsOff } from './sales/PaymentsOff';

const { Page: PaymentForm } = lazyPage(() => import('./PaymentForm'));

function SettingUp() {
  return <CheckoutProgress>Setting up secure payment...</CheckoutProgress>;
}

export interface PaymentStepProps {
  onSentToSales: (sent: SentCart) => void;
  /** Why the last attempt did not pay (the bank's authentication failed): said in the form's alert. */
  paymentError?: string;
}

/**
 * The cart is there and the visitor signed in: set up the payment, then take it; with payments off,
 * offer to send the cart to sales instead. A cart whose order is already paid or processing goes to
 * that order's confirmation.
 */
export function PaymentStep({ onSentToSales, paymentError }: PaymentStepProps) {
  const navigate = useNavigate();
  const { items, total } = useCartContext();
  const { setup, retry } = usePaymentSetup();
  const closedOrderId = setup.kind === 'closed' ? setup.orderId : null;

  useEffect(() => {
    if (closedOrderId) void navigate(confirmationPath(closedOrderId), { replace: true });
  }, [closedOrderId, navigate]);

  switch (setup.kind) {
    case 'loading':
    case 'closed': // on its way to the order's confirmation
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
              onPaid={(orderId) =>
                void navigate(confirmationPath(orderId), {
                  replace: true,
                  state: { paymentTaken: true } satisfies CheckoutState,
                })
              }
              onStale={retry}
              initialError={paymentError}
            />
          </Suspense>
        </CheckoutLayout>
      );
  }
}
