import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** What a tab shows before it has data: what will appear here, and what to do next. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        py: { xs: 6, md: 8 },
        px: 2,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 4,
      }}
    >
      <Box aria-hidden sx={{ color: 'secondary.main', '& svg': { fontSize: 40 } }}>
        {icon}
      </Box>
      <Typography variant="h4" component="h3" sx={{ mt: 1, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
        {children}
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
