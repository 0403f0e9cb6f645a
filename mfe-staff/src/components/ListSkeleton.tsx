import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder rows while a list loads, read out as `label`. */
export function ListSkeleton({
  label,
  rows = 6,
  rowHeight = 44,
}: {
  label: string;
  rows?: number;
  rowHeight?: number;
}) {
  return (
    <Box role="status" aria-label={label} aria-busy sx={{ display: 'grid', gap: 0.75 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={rowHeight} />
      ))}
    </Box>
  );
}
