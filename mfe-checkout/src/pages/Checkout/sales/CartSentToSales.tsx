import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import { RouteButton } from '@portal/ui';
import type { CartItem } from '@portal/store';
import { CheckoutNotice } from '../CheckoutNotice';
import { OrderSummary } from '../OrderSummary';

/** What the buyer sent to sales, kept on screen once the cart itself is emptied. */
export interface SentCart {
  items: CartItem[];
  total: number;
  email: string;
}

/** The confirmation of a cart sent to sales: who will answer, when, and what they received. */
export function CartSentToSales({ items, total, email }: SentCart) {
  return (
    <CheckoutNotice
      role="status"
      focusTitle
      icon={<MarkEmailReadRounded color="success" />}
      title="Your cart is with our sales team"
      actions={
        <>
          <RouteButton href="/dashboard" variant="contained">
            Go to Dashboard
          </RouteButton>
          <RouteButton href="/pricing" variant="outlined" color="inherit">
            Back to Pricing
          </RouteButton>
        </>
      }
    >
      <Typography sx={{ mb: 3 }}>
        We&apos;ll reply to {email} within 24 hours to set up these services and your billing. Your cart has
        been emptied so nothing is ordered twice.
      </Typography>
      <Box sx={{ textAlign: 'left', color: 'text.primary' }}>
        <OrderSummary items={items} total={total} />
      </Box>
    </CheckoutNotice>
  );
}
