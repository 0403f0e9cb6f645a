import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import { colors } from '@portal/ui';
import { formatMoney } from '../../cart/money';
import { confirmationPath } from './checkout-state';
import { stripeFor } from './stripe-js';

export interface PaymentFormProps {
  clientSecret: string;
  orderId: string;
  publishableKey: string;
  /** Monthly total shown on the Pay button. */
  total: number;
  /** The payment went through without leaving the page (or another tab paid it); its order id. */
  onPaid: (orderId: string) => void;
  /** Stripe no longer takes a payment on this client secret (canceled meanwhile): set up the order again. */
  onStale: () => void;
  /** Shown in the form's alert from the start: why the last attempt did not pay (a failed bank authentication). */
  initialError?: string;
}

/** The Payment Element in the site's dark look (Stripe renders it in its own frame). */
const appearance: Appearance = {
  theme: 'night',
  variables: {
    colorPrimary: colors.accent,
    colorBackground: colors.surfaceRaised,
    colorText: colors.text,
    colorTextSecondary: colors.textMuted,
    colorDanger: '#FF7A7A',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    borderRadius: '10px',
  },
};

/**
 * Card payment with Stripe's Payment Element. This module, React Stripe and Stripe.js load only when
 * checkout has a client secret.
 */
export default function PaymentForm({ clientSecret, publishableKey, ...rest }: PaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance }}>
      <PayWithElement clientSecret={clientSecret} {...rest} />
    </Elements>
  );
}

function PayWithElement({
  clientSecret,
  orderId,
  total,
  onPaid,
  onStale,
  initialError,
}: Omit<PaymentFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(initialError ?? null);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setError(null);
    const submitted = await elements.submit();
    if (submitted.error) {
      setError(submitted.error.message ?? 'Please check your payment details.');
      setPaying(false);
      return;
    }
    // A card that asks for 3-D Secure leaves for the bank's page here and comes back to return_url.
    const returnUrl = `${window.location.origin}${confirmationPath(orderId)}`;
    const { error: confirmError } = await stripe.confirmPayment({
      elements,
      clientSecret,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    if (confirmError?.code === 'payment_intent_unexpected_state') {
      // Paid (or being paid) meanwhile, from another tab: show the order; otherwise ask the server again.
      const status = confirmError.payment_intent?.status;
      if (status === 'succeeded' || status === 'processing') onPaid(orderId);
      else onStale();
      return;
    }
    if (confirmError) {
      setError(confirmError.message ?? 'Your payment could not be completed. Please try again.');
      setPaying(false);
      return;
    }
    onPaid(orderId);
  };

  return (
    <Box component="form" onSubmit={pay} noValidate aria-labelledby="payment-title">
      <Typography id="payment-title" variant="h4" component="h2" sx={{ mb: 2 }}>
        Payment details
      </Typography>
      <Box sx={{ minHeight: 220 }}>
        <PaymentElement
          onReady={() => setReady(true)}
          onLoadError={() => setError('The payment form could not be loaded. Please reload the page.')}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!stripe || !elements || !ready}
        loading={paying}
        startIcon={<LockRounded />}
        data-testid="pay-button"
        sx={{ mt: 3 }}
      >
        Pay {formatMoney(total)}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
        Billed monthly. Payments are processed securely by Stripe; card details never reach our servers.
      </Typography>
    </Box>
  );
}
