import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer, colors } from '@portal/ui';

export interface ClosingCallToActionProps {
  title: string;
  children: ReactNode;
  /** The buttons or links that close the page. */
  actions: ReactNode;
}

/** The band that closes a marketing page: a heading, one sentence and the next steps. */
export function ClosingCallToAction({ title, children, actions }: ClosingCallToActionProps) {
  const headingId = useId();
  return (
    <PageContainer component="section" aria-labelledby={headingId} sx={{ py: { xs: 6, md: 9 } }}>
      <Box
        sx={{
          p: { xs: 3.5, md: 7 },
          borderRadius: 5,
          border: 1,
          borderColor: 'divider',
          textAlign: { md: 'center' },
          background: `radial-gradient(60% 120% at 50% 0%, rgba(255, 106, 61, 0.14), transparent 70%), ${colors.surface}`,
        }}
      >
        <Typography id={headingId} variant="h2" sx={{ maxWidth: 720, mx: { md: 'auto' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 640, mx: { md: 'auto' }, mt: 2 }}>
          {children}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 4, justifyContent: { md: 'center' } }}
        >
          {actions}
        </Stack>
      </Box>
    </PageContainer>
  );
}
