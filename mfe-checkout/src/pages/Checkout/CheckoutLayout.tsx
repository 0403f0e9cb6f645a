import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@portal/store';
import { OrderSummary } from './OrderSummary';

export interface CheckoutLayoutProps {
  title: string;
  /** Under the title, across both columns. */
  intro?: ReactNode;
  /** The left column: what the buyer does (pay, or send the cart to sales). */
  children: ReactNode;
  items: readonly CartItem[];
  total: number;
}

/** A checkout page: its h1, then the action beside the order summary (the summary first on phones). */
export function CheckoutLayout({ title, intro, children, items, total }: CheckoutLayoutProps) {
  return (
    <Box component="section" sx={{ maxWidth: 1040, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 5, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: intro ? 1.5 : { xs: 3, md: 4 } }}>
        {title}
      </Typography>
      {intro && <Box sx={{ mb: { xs: 4, md: 5 } }}>{intro}</Box>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: 2, md: 1 } }}>{children}</Box>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <OrderSummary items={items} total={total} />
        </Box>
      </Box>
    </Box>
  );
}
