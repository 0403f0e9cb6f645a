import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterBarProps {
  /** The filters' name for screen readers ('Filter the leads'). */
  label: string;
  /** A search field and its button after the other filters: `q` of the address, set on submit. */
  search?: { label: string; value: string | undefined; onSearch: (q: string | undefined) => void };
  children?: ReactNode;
}

/** A list's filters above it, wrapping on narrow screens; with a search, a form that submits it. */
export function FilterBar({ label, search, children }: FilterBarProps) {
  const [typed, setTyped] = useState(search?.value ?? '');
  return (
    <Box
      component={search ? 'form' : 'div'}
      role="search"
      aria-label={label}
      onSubmit={
        search &&
        ((event: React.FormEvent) => {
          event.preventDefault();
          search.onSearch(typed.trim() || undefined);
        })
      }
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'center' }}
    >
      {children}
      {search && (
        <>
          <TextField
            size="small"
            label={search.label}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            sx={{ minWidth: { xs: '100%', sm: 300 } }}
          />
          <Button type="submit" variant="outlined" color="inherit">
            Search
          </Button>
        </>
      )}
    </Box>
  );
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | undefined;
  options: readonly V[];
  labelOf: (value: V) => string;
  /** The choice of no value ('Any status'), for a filter. */
  any?: string;
  onChange: (value: V | undefined) => void;
  disabled?: boolean;
}

/** A small select of fixed values: a list's filter, or a field of the open item. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  labelOf,
  any,
  onChange,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
      sx={{ minWidth: 150, justifySelf: 'start' }}
    >
      {any !== undefined && <MenuItem value="">{any}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
