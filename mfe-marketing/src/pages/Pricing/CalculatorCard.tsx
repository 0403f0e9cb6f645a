import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { columnCardSx } from '../../components/grid-list';

export interface CalculatorResult {
  label: string;
  value: string;
  /** The figure the calculator is about, shown largest. */
  headline?: boolean;
}

export interface CalculatorCardProps {
  title: string;
  intro: string;
  /** The calculator's sliders. */
  children: ReactNode;
  results: CalculatorResult[];
  /** A line under the results, e.g. how they are worked out. */
  note: string;
}

/** A calculator: its sliders on one side, the results they produce on the other. */
export function CalculatorCard({ title, intro, children, results, note }: CalculatorCardProps) {
  const titleId = useId();
  return (
    <Box component="article" aria-labelledby={titleId} sx={columnCardSx}>
      <Typography id={titleId} variant="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, mt: 3 }}>{children}</Box>
      <Box
        component="dl"
        aria-label={`${title} results`}
        sx={{
          m: 0,
          mt: 3.5,
          p: { xs: 2.5, md: 3 },
          borderRadius: 4,
          bgcolor: 'rgba(45, 212, 191, 0.08)',
          border: 1,
          borderColor: 'rgba(45, 212, 191, 0.35)',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 2.5,
        }}
      >
        {results.map(({ label, value, headline }) => (
          <Box key={label} sx={{ gridColumn: headline ? '1 / -1' : undefined }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 800,
                lineHeight: 1.15,
                fontSize: headline ? { xs: '2rem', md: '2.5rem' } : '1.375rem',
                color: headline ? 'secondary.main' : 'text.primary',
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 1.5 }}>
        {note}
      </Typography>
    </Box>
  );
}
