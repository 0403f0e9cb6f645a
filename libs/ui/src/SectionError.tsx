import type { ElementType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineRounded';

export interface SectionErrorProps {
  title?: string;
  message: string;
  /** What exactly stopped the section (a shared library's version it cannot run on), shown under the message. */
  reason?: string;
  onRetry: () => void;
  /** `h1` when the error replaces a whole page's content. */
  headingComponent?: ElementType;
}

/** A section that failed: what happened, and a 'Retry' button. The rest of the page keeps working. */
export function SectionError({
  title = 'This section could not be loaded',
  message,
  reason,
  onRetry,
  headingComponent = 'h2',
}: SectionErrorProps) {
  return (
    <Box
      role="alert"
      sx={{
        maxWidth: 640,
        mx: { xs: 2, sm: 'auto' },
        my: { xs: 6, md: 10 },
        px: { xs: 3, sm: 5 },
        py: { xs: 4, sm: 5 },
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        bgcolor: 'background.paper',
      }}
    >
      <ErrorOutline color="error" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
      <Typography variant="h4" component={headingComponent} gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 3, overflowWrap: 'anywhere' }}>
          {reason}
        </Typography>
      )}
      <Button variant="contained" size="large" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}
