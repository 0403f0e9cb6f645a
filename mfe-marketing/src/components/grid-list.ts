import type { SxProps, Theme } from '@mui/material/styles';

export type Responsive<T> = T | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', T>>;

/** An unstyled `<ul>`/`<ol>` laid out as a grid: the card lists of the marketing pages. */
export function gridListSx(columns: Responsive<string>, gap: Responsive<number>): SxProps<Theme> {
  return { listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: columns, gap };
}

/** The outline and paper background of the marketing pages' cards and panels. */
export const outlinedSx = { border: 1, borderColor: 'divider', bgcolor: 'background.paper' } as const;

/** The raised, outlined card those lists hold. */
export const panelSx = { p: 3, borderRadius: 4, ...outlinedSx } as const;

/** A larger card whose content stacks in a column (a job opening, a calculator). */
export const columnCardSx = {
  p: { xs: 3, md: 4 },
  borderRadius: 5,
  ...outlinedSx,
  display: 'flex',
  flexDirection: 'column',
} as const;
