import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** What a card knows: still loading, its number and context, or why it has none. */
export type StatCardState =
  | { status: 'loading' }
  | { status: 'ready'; value: string; context: string }
  | { status: 'failed'; reason: string; onRetry: () => void };

export type StatCardProps = StatCardState & { label: string; icon: ReactNode };

/** A dashboard number: its label, the number, and a line of context ("Total Orders · $4,500.00 spent"). */
export function StatCard({ label, icon, ...state }: StatCardProps) {
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-busy={state.status === 'loading'}
      sx={{
        p: 2.5,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography id={labelId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Box aria-hidden sx={{ color: 'secondary.main', display: 'flex', '& svg': { fontSize: 22 } }}>
          {icon}
        </Box>
      </Box>
      <StatBody {...state} />
    </Box>
  );
}

const valueSx = { fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.3, my: 0.5 } as const;

function StatBody(state: StatCardState) {
  switch (state.status) {
    case 'loading':
      return (
        <>
          <Skeleton variant="text" width="40%" sx={valueSx} />
          <Skeleton variant="text" width="70%" />
        </>
      );
    case 'ready':
      return (
        <>
          <Typography data-testid="stat-value" sx={{ ...valueSx, fontVariantNumeric: 'tabular-nums' }}>
            {state.value}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {state.context}
          </Typography>
        </>
      );
    case 'failed':
      return (
        <>
          <Typography aria-hidden sx={{ ...valueSx, color: 'text.secondary' }}>
            —
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {state.reason}
            </Typography>
            <Button size="small" onClick={state.onRetry} sx={{ minWidth: 0, px: 0.5, py: 0 }}>
              Try again
            </Button>
          </Box>
        </>
      );
  }
}
