import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@portal/ui';

export interface PageIntroProps {
  /** Small label above the heading. */
  eyebrow: string;
  /** The page's one h1. */
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The opening of a marketing page: eyebrow, h1, lead paragraph and optional calls to action. */
export function PageIntro({ eyebrow, title, children, actions }: PageIntroProps) {
  return (
    <PageContainer component="section" sx={{ pt: { xs: 7, md: 12 }, pb: { xs: 6, md: 10 } }}>
      <Typography variant="overline" color="primary" component="p" sx={{ mb: 1.5 }}>
        {eyebrow}
      </Typography>
      <Typography variant="h1" sx={{ maxWidth: 880, mb: 2.5 }}>
        {title}
      </Typography>
      <Typography variant="subtitle1" component="div" color="text.secondary" sx={{ maxWidth: 720 }}>
        {children}
      </Typography>
      {actions && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
          {actions}
        </Stack>
      )}
    </PageContainer>
  );
}
