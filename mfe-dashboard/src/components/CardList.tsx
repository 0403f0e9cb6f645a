import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The outlined card on paper that each item of a CardList is. */
export const cardSx = {
  p: { xs: 2, sm: 2.5 },
  borderRadius: 3,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
} as const;

/** The dashboard's lists of cards (integrations, tickets, orders on a phone): a bare grid <ul>. */
export function CardList({
  label,
  gap = 1.5,
  children,
}: {
  label: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap }}>
      {children}
    </Box>
  );
}
