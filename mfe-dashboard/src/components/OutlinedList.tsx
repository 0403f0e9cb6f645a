import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface OutlinedListProps {
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** `li` elements; each lays out its own content. */
  children: ReactNode;
}

/** A list in a rounded outline, its rows padded and divided by a line (the Overview's lists). */
export function OutlinedList({ labelledBy, children }: OutlinedListProps) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        '& > li': { px: 2.5, py: 2 },
        '& > li + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {children}
    </Box>
  );
}
