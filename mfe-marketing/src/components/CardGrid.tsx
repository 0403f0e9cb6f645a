import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { balancedGridSx } from './balanced-grid';
import { gridListSx, panelSx, type Responsive } from './grid-list';

export interface GridCard {
  title: string;
  text: ReactNode;
  /** An icon, number or picture above the title ('stacked') or beside the text ('beside'). */
  badge?: ReactNode;
}

export type CardGridProps = CardGridLayout & {
  cards: readonly GridCard[];
  gap: Responsive<number>;
  /** 'stacked': badge, h3 and text one under the other. 'beside': the badge left of the h3 and text. */
  layout?: 'stacked' | 'beside';
  /** Stacked cards in an outlined panel. */
  framed?: boolean;
  /** 'ol' where the order means something (steps). */
  list?: 'ul' | 'ol';
  /** Space between the badge and the text beside it. */
  badgeGap?: number;
  /** Space above each card's text. */
  textGap?: number;
};

/**
 * The column template per breakpoint, or (for a count that rows do not divide) the most columns per
 * breakpoint, laid out by `balancedGridSx` with no empty cell after a short last row.
 */
type CardGridLayout =
  | { columns: Responsive<string>; maxColumns?: never }
  | { maxColumns: Partial<Record<Breakpoint, number>>; columns?: never };

/** The marketing pages' lists of small cards: a grid of items with a badge, an h3 and a line of text. */
export function CardGrid({
  cards,
  columns,
  maxColumns,
  gap,
  layout = 'stacked',
  framed = false,
  list = 'ul',
  badgeGap,
  textGap = 1,
}: CardGridProps) {
  const cardSx = layout === 'beside' ? { display: 'flex', gap: badgeGap } : framed ? panelSx : undefined;
  return (
    <Box
      component={list}
      sx={maxColumns ? balancedGridSx(cards.length, maxColumns, gap) : gridListSx(columns, gap)}
    >
      {cards.map(({ title, text, badge }) => {
        const heading = (
          <Typography variant="h4" component="h3" sx={badge && layout === 'stacked' ? { mt: 2 } : undefined}>
            {title}
          </Typography>
        );
        const body = (
          <Typography variant="body2" color="text.secondary" sx={{ mt: textGap }}>
            {text}
          </Typography>
        );
        return (
          <Box component="li" key={title} sx={cardSx}>
            {badge}
            {layout === 'beside' ? (
              <div>
                {heading}
                {body}
              </div>
            ) : (
              <>
                {heading}
                {body}
              </>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
