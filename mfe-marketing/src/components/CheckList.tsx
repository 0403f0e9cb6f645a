import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleRounded';

export interface CheckListProps {
  items: readonly string[];
  /** Names the list for screen readers when no heading says what it holds. */
  label?: string;
}

/** A list of short points, each behind a check mark. */
export function CheckList({ items, label }: CheckListProps) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
      {items.map((item) => (
        <Typography component="li" key={item} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <CheckCircle aria-hidden fontSize="small" sx={{ color: 'secondary.main', mt: '3px' }} />
          {item}
        </Typography>
      ))}
    </Box>
  );
}
