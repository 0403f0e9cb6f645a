import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { Responsive } from './grid-list';

/**
 * How many columns `count` cards take when a row holds at most `max`: the fewest rows, then the
 * fullest last row (four cards in at most three columns: 2 + 2, not 3 + 1).
 */
export function balancedColumns(count: number, max: number): number {
  const rows = (columns: number) => Math.ceil(count / columns);
  const emptyCells = (columns: number) => rows(columns) * columns - count;
  let best = 1;
  for (let columns = 2; columns <= Math.min(max, count); columns += 1) {
    if (rows(columns) < rows(best) || (rows(columns) === rows(best) && emptyCells(columns) <= emptyCells(best)))
      best = columns;
  }
  return best;
}

const BREAKPOINTS: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl'];

/**
 * An unstyled list of `count` cards as a grid of at most `maxColumns` per breakpoint, with the column
 * count of `balancedColumns` and a short last row centred rather than leaving empty cells after it.
 * Centring works on a grid of half columns: every card spans two, and the first card of the short
 * last row starts as many halves in as there are missing cards.
 */
export function balancedGridSx(
  count: number,
  maxColumns: Partial<Record<Breakpoint, number>>,
  gap: Responsive<number>,
): SxProps<Theme> {
  const layout = (theme: Theme) => {
    const rules: Record<string, object> = {};
    for (const breakpoint of BREAKPOINTS) {
      const max = maxColumns[breakpoint];
      if (max === undefined) continue;
      const columns = balancedColumns(count, max);
      const short = count % columns;
      rules[theme.breakpoints.up(breakpoint)] = {
        gridTemplateColumns: `repeat(${2 * columns}, 1fr)`,
        // Same specificity as the rule below, so it undoes a smaller screen's centring.
        '& > li:nth-child(n)': { gridColumn: 'span 2' },
        ...(short > 0 && {
          [`& > li:nth-child(${count - short + 1})`]: { gridColumn: `${columns - short + 1} / span 2` },
        }),
      };
    }
    return rules;
  };
  // Two entries: in one object the layout's media queries would replace the responsive gap's.
  return [{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap }, layout];
}
