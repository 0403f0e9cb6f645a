import { useId } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { SliderRange } from './calculators';

export interface CalculatorSliderProps {
  label: string;
  range: SliderRange;
  value: number;
  onChange: (value: number) => void;
  /** How the value is shown and read out, e.g. '$100' or '20%'. */
  format: (value: number) => string;
}

/** A labelled slider whose value is shown beside its label and read out formatted (aria-valuetext). */
export function CalculatorSlider({ label, range, value, onChange, format }: CalculatorSliderProps) {
  const labelId = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography id={labelId} component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography component="span" aria-hidden sx={{ fontWeight: 700, color: 'secondary.main' }}>
          {format(value)}
        </Typography>
      </Box>
      <Slider
        aria-labelledby={labelId}
        getAriaValueText={format}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(_event, next) => onChange(next as number)}
        color="secondary"
        sx={{ mt: 0.5 }}
      />
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          color: 'text.secondary',
          typography: 'caption',
        }}
      >
        <span>{format(range.min)}</span>
        <span>{format(range.max)}</span>
      </Box>
    </Box>
  );
}
