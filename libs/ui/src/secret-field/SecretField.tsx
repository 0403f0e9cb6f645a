import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/VisibilityRounded';
import VisibilityOff from '@mui/icons-material/VisibilityOffRounded';

export type SecretFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the field holds, for the toggle's name: 'Show password', 'Hide API key'. */
  secretName: string;
};

/**
 * A masked input (a password, an API key) with a show/hide toggle: an icon button with an
 * aria-label and aria-pressed. A subpath of `@portal/ui` (`@portal/ui/secret-field`), outside the
 * shared module the first visit loads.
 */
export function SecretField({ secretName, ...props }: SecretFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${visible ? 'Hide' : 'Show'} ${secretName}`}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
