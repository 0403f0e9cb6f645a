import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { ListSkeleton } from './ListSkeleton';
import { LoadError } from './LoadError';

export interface ItemPanelProps<T> {
  /** What the panel shows, in words: 'ticket', 'lead', 'order', 'organization'. */
  what: string;
  /** The item's query, as RTK Query answers it. */
  query: { isLoading: boolean; isError: boolean; error?: unknown; data?: T; refetch: () => unknown };
  title: (item: T) => ReactNode;
  onClose: () => void;
  children: (item: T) => ReactNode;
}

/**
 * The item open beside a list (in its place on phones): its title and a close button over what
 * `children` makes of it; placeholders while it loads, the reason and 'Try again' when it cannot be
 * read. The section is named by its title.
 */
export function ItemPanel<T>({ what, query, title, onClose, children }: ItemPanelProps<T>) {
  if (query.isLoading) return <ListSkeleton label={`Loading the ${what}`} rows={3} rowHeight={72} />;
  if (query.isError || !query.data) {
    return (
      <LoadError
        title={`We could not load this ${what}.`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const titleId = `staff-${what}-title`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        p: { xs: 1.5, md: 2 },
        display: 'grid',
        gap: 1.5,
        alignContent: 'start',
        minWidth: 0,
        position: { lg: 'sticky' },
        top: { lg: 16 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          id={titleId}
          variant="h3"
          sx={{ fontSize: '1.2rem', fontWeight: 700, flex: 1, overflowWrap: 'anywhere' }}
        >
          {title(query.data)}
        </Typography>
        <IconButton aria-label={`Close the ${what} panel`} size="small" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      {children(query.data)}
    </Paper>
  );
}
