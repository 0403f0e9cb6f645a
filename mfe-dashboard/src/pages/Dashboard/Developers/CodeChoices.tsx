import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { monoSx } from './developer-labels';

export interface CodeChoicesProps<T extends string> {
  legend: string;
  /** Every choice, in the order shown; the chosen ones keep this order. */
  options: readonly T[];
  /** What each choice allows or sends, under its code. */
  descriptions: Record<T, string>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  helperText?: ReactNode;
}

/**
 * A required group of checkboxes whose labels are codes (`tickets:read`, `ticket.created`), each
 * with a line saying what it means: an API key's scopes, a webhook endpoint's events.
 */
export function CodeChoices<T extends string>({
  legend,
  options,
  descriptions,
  chosen,
  onChange,
  helperText,
}: CodeChoicesProps<T>) {
  const toggle = (option: T, checked: boolean) =>
    onChange(options.filter((each) => (each === option ? checked : chosen.includes(each))));

  return (
    <FormControl component="fieldset" required>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            control={
              <Checkbox
                checked={chosen.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
              />
            }
            label={
              <span>
                <Box component="span" sx={{ ...monoSx, fontWeight: 600 }}>
                  {option}
                </Box>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {descriptions[option]}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, my: 0.5 }}
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
