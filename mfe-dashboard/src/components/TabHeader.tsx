import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface TabHeaderProps {
  title: string;
  description: string;
  action?: ReactNode;
}

/** A tab's heading, a line on what it holds, and its main action on the right (below on phones). */
export function TabHeader({ title, description, action }: TabHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <div>
        <Typography variant="h4" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      </div>
      {action}
    </Box>
  );
}
