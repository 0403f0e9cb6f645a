import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '@portal/ui';

export interface AuthLayoutProps {
  title: string;
  subtitle: string;
  /** The page's own path and its description for link previews (the page is kept out of search results). */
  path: string;
  description: string;
  children: ReactNode;
}

/** A centred card with the page's h1: sign-in, registration and checkout states. */
export function AuthLayout({ title, subtitle, path, description, children }: AuthLayoutProps) {
  usePageMeta({ title, description, path, noindex: true });
  return (
    <Box component="section" sx={{ px: 2, py: { xs: 6, md: 10 }, display: 'flex', justifyContent: 'center' }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: 460,
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {subtitle}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
