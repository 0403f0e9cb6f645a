import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../cart/money';

/** The 'Total per month' row that ends the cart modal and the order summary. */
export function MonthlyTotal({ total, testId }: { total: number; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', pt: 2, gap: 2 }}>
      <Typography sx={{ fontWeight: 650 }}>Total per month</Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: '1.375rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
      >
        {formatMoney(total)}
      </Typography>
    </Box>
  );
}
