import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** What a settings form's last submit came to: the server's message, or what was done. */
export type Outcome = { severity: 'success' | 'error' | 'info'; text: string } | null;

/**
 * The outcome under a form's fields. An error is an alert (read out at once); a success a polite
 * status. Nothing while there is none.
 */
export function FormOutcome({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Alert
      severity={outcome.severity}
      role={outcome.severity === 'error' ? 'alert' : 'status'}
      variant="outlined"
      sx={{ overflowWrap: 'anywhere' }}
    >
      {outcome.text}
    </Alert>
  );
}

/** A form's end: the outcome, then the submit button, busy while the call runs. */
export function SubmitWithOutcome({
  outcome,
  loading,
  children,
}: {
  outcome: Outcome;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormOutcome outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" loading={loading}>
          {children}
        </Button>
      </Box>
    </>
  );
}
