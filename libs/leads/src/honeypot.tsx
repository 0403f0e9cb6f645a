import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';

export interface HoneypotProps {
  /** The form's id prefix: the input is `<idPrefix>-website`. */
  idPrefix: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The `website` field no person sees: off screen, out of the tab order and hidden from assistive
 * technology. A bot fills it in; the server then answers as usual and keeps nothing. Its parent must
 * be positioned (`position: relative`).
 */
export function Honeypot({ idPrefix, value, onChange }: HoneypotProps) {
  return (
    <Box
      aria-hidden
      sx={{ position: 'absolute', left: -10000, top: 0, width: 1, height: 1, overflow: 'hidden' }}
    >
      <label htmlFor={`${idPrefix}-website`}>Website</label>
      <input
        id={`${idPrefix}-website`}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </Box>
  );
}
