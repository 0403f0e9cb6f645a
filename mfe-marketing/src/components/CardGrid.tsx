import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { gridListSx, panelSx, type Responsive } from './grid-list';

export interface GridCard {
  title: string;
  text: ReactNode;
  /** An icon, number or picture above the title ('stacked') or beside the text ('beside'). */
  badge?: ReactNode;
}

export interface CardGridProps {
  cards: readonly GridCard[];
  columns: Responsive<string>;
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
}

/** The marketing pages' lists of small cards: a grid of items with a badge, an h3 and a line of text. */
export function CardGrid({
  cards,
  columns,
  gap,
  layout = 'stacked',
  framed = false,
  list = 'ul',
  badgeGap,
  textGap = 1,
}: CardGridProps) {
  const cardSx = layout === 'beside' ? { display: 'flex', gap: badgeGap } : framed ? panelSx : undefined;
  return (
    <Box component={list} sx={gridListSx(columns, gap)}>
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
