import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import { serverMessage, type ApiError } from '@portal/store';

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: 'We could not load the queue.' */
  title: string;
  error?: unknown;
  onRetry: () => void;
}

/** The server's own words when it sent some ("403: Forbidden resource"), else the status. */
export function errorText(error: unknown): string {
  const { status, message } = (error ?? {}) as Partial<ApiError>;
  const said = serverMessage(error);
  if (said) return `${String(status)}: ${said}`;
  return message ?? 'The network could not be reached';
}

/** A list or panel that failed to load: says so where it would be, with what went wrong, and 'Try again'. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Box role="alert" sx={{ p: 3, border: 1, borderColor: 'divider', borderRadius: 2, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {error !== undefined && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
          {errorText(error)}
        </Typography>
      )}
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<RefreshRounded />}
        onClick={onRetry}
        sx={{ mt: 2 }}
      >
        Try again
      </Button>
    </Box>
  );
}
