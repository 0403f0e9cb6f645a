import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: 'We could not load your orders.' */
  title: string;
  onRetry: () => void;
}

/** A list that failed to load: says so where the list would be, with 'Try again'. */
export function LoadError({ title, onRetry }: LoadErrorProps) {
  return (
    <Box
      role="alert"
      sx={{
        py: { xs: 5, md: 6 },
        px: 2,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        bgcolor: 'background.paper',
      }}
    >
      <CloudOffRounded aria-hidden color="error" sx={{ fontSize: 40 }} />
      <Typography variant="h4" component="p" sx={{ mt: 1, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440, mx: 'auto' }}>
        Check your connection and try again. If it keeps happening, our support team is available 24/7.
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<RefreshRounded />}
        onClick={onRetry}
        sx={{ mt: 3 }}
      >
        Try again
      </Button>
    </Box>
  );
}
