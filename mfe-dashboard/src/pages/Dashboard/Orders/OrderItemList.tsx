import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@portal/contracts';
import { centsOf, formatCents, formatMoney } from '../../../format/money';

/** An order's packages, each with quantity × monthly price and its line total. */
export function OrderItemList({ items, label }: { items: Order['items']; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.id}
          aria-label={item.name}
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
            <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {item.quantity} × {formatMoney(item.price)} per month
            </Typography>
          </div>
          <Typography
            data-testid="line-total"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {formatCents(centsOf(item.price) * item.quantity)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
