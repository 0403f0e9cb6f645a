import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@portal/store';
import { formatMoney } from '../../cart/money';
import { MonthlyTotal } from '../../components/MonthlyTotal';
import { CheckoutCard } from './CheckoutCard';

/** What is being paid: each plan with its quantity and monthly price, and the monthly total. */
export function OrderSummary({ items, total }: { items: readonly CartItem[]; total: number }) {
  return (
    <CheckoutCard id="order-summary-title" title="Order summary">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map(({ packageId, name, price, quantity }) => (
          <Box
            component="li"
            key={packageId}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <div>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {quantity} × {formatMoney(price)} per month
              </Typography>
            </div>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(price * quantity)}
            </Typography>
          </Box>
        ))}
      </Box>
      <MonthlyTotal total={total} testId="order-total" />
    </CheckoutCard>
  );
}
