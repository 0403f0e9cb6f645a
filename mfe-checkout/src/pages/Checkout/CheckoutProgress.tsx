import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A step of the checkout under way (setting up, confirming): a spinner and what is happening. */
export function CheckoutProgress({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography>{children}</Typography>
    </Box>
  );
}
