import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export interface ListSkeletonProps {
  /** Read out while it shows: 'Loading orders'. */
  label: string;
  rows?: number;
  rowHeight?: number;
}

/** Placeholder rows in the shape of the list on its way. */
export function ListSkeleton({ label, rows = 3, rowHeight = 64 }: ListSkeletonProps) {
  return (
    <Box role="status" aria-label={label} aria-busy sx={{ display: 'grid', gap: 1.5 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={rowHeight} />
      ))}
    </Box>
  );
}
