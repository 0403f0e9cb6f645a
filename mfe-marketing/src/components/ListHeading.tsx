import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

export interface ListHeadingProps {
  /** The heading level where it stands in the page's outline. */
  component: 'h3' | 'h4';
  children: ReactNode;
  /** Space above and below it (theme spacing). */
  mt?: number;
  mb?: number;
}

/** The small grey label over a check list: 'Key features', 'Benefits', 'Requirements'. */
export function ListHeading({ component, children, mt, mb = 1.5 }: ListHeadingProps) {
  return (
    <Typography
      component={component}
      variant="overline"
      color="text.secondary"
      sx={{ display: 'block', mt, mb }}
    >
      {children}
    </Typography>
  );
}
