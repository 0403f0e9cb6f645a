import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@portal/ui';

export interface SectionProps {
  /** The section's h2. */
  title: string;
  /** Small label above the heading. */
  eyebrow?: string;
  /** A short paragraph under the heading. */
  lead?: ReactNode;
  /** Anchor for links such as `/services#ai-automation`. */
  id?: string;
  children: ReactNode;
}

/** A titled band of a marketing page: eyebrow, h2, lead paragraph, then its content. */
export function Section({ title, eyebrow, lead, id, children }: SectionProps) {
  const headingId = useId();
  return (
    <PageContainer component="section" id={id} aria-labelledby={headingId} sx={{ py: { xs: 6, md: 9 } }}>
      {eyebrow && (
        <Typography variant="overline" color="primary" component="p" sx={{ mb: 1 }}>
          {eyebrow}
        </Typography>
      )}
      <Typography id={headingId} variant="h2" sx={{ maxWidth: 760 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ maxWidth: 720, mt: 2 }}>
          {lead}
        </Typography>
      )}
      <Box sx={{ mt: { xs: 3.5, md: 5 } }}>{children}</Box>
    </PageContainer>
  );
}
