import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export interface FilterOption<Id extends string> {
  id: Id;
  name: string;
  icon?: ReactNode;
}

export interface FilterButtonsProps<Id extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly FilterOption<Id>[];
  /** The option shown, pressed (aria-pressed); null for none. */
  selected: Id | null;
  onSelect: (id: Id) => void;
  /** Space below the row (theme spacing). */
  mb?: { xs: number; md: number };
}

/** A wrapping row of pill buttons that filter what a page lists; the chosen one is pressed. */
export function FilterButtons<Id extends string>({
  label,
  options,
  selected,
  onSelect,
  mb,
}: FilterButtonsProps<Id>) {
  return (
    <Stack role="group" aria-label={label} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb }}>
      {options.map(({ id, name, icon }) => {
        const pressed = id === selected;
        return (
          <Button
            key={id}
            aria-pressed={pressed}
            variant={pressed ? 'contained' : 'outlined'}
            color={pressed ? 'primary' : 'inherit'}
            startIcon={icon}
            onClick={() => onSelect(id)}
            sx={{ borderRadius: 999, ...(!pressed && { borderColor: 'divider' }) }}
          >
            {name}
          </Button>
        );
      })}
    </Stack>
  );
}
