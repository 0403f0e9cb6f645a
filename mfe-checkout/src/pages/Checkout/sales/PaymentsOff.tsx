import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ContactForm } from '@portal/leads';
import { RouteButton } from '@portal/ui';
import {
  cartCleared,
  selectSessionUser,
  useAppDispatch,
  useAppSelector,
  useCartContext,
} from '@portal/store';
import { CheckoutCard } from '../CheckoutCard';
import { CheckoutLayout } from '../CheckoutLayout';
import type { SentCart } from './CartSentToSales';
import { contactDetailsOf, toCartLead } from './cart-lead';

const SALES_MESSAGE = 'Please set up the services in my cart and contact me about billing.';

/**
 * The checkout when card payments are off: the spec's notice and links, the order summary, and the
 * contact form, already filled in from the session, that sends the cart to sales as a lead.
 */
export function PaymentsOff({ onSentToSales }: { onSentToSales: (sent: SentCart) => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const { items, total } = useCartContext();
  const details = contactDetailsOf(user);

  const sent = () => {
    onSentToSales({ items, total, email: details.email ?? '' });
    dispatch(cartCleared());
  };

  return (
    <CheckoutLayout
      title="Payment System Setup Required"
      items={items}
      total={total}
      intro={
        <>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mb: 3 }}>
            Online card payments are not switched on yet. Send your cart to our sales team below and they will
            set up your services and billing directly, usually within one business day.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <RouteButton href="/contact" variant="outlined" color="inherit">
              Contact Sales Team
            </RouteButton>
            <RouteButton href="/pricing" variant="outlined" color="inherit">
              Back to Pricing
            </RouteButton>
          </Box>
        </>
      }
    >
      <CheckoutCard id="send-cart-title" title="Send your cart to our sales team">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The plans, quantities and total on this page go with your message.
        </Typography>
        <ContactForm
          initialDetails={details}
          initialMessage={SALES_MESSAGE}
          cart={toCartLead(items)}
          submitLabel="Send Cart to Sales"
          onSent={sent}
        />
      </CheckoutCard>
    </CheckoutLayout>
  );
}
