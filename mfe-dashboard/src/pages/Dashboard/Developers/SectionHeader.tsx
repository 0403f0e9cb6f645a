import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface SectionHeaderProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A part of the Developers tab: its heading, a line on what it holds, its main action (below on phones). */
export function SectionHeader({ id, title, description, action }: SectionHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 2,
      }}
    >
      <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
        <Typography id={id} variant="h5" component="h3">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}
