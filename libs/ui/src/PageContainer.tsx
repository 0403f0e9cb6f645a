import type { ReactNode } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import { CONTENT_MAX_WIDTH } from './theme';

export type PageContainerProps = BoxProps & { children: ReactNode };

/** Centers content at the site's max width with responsive side padding (works from 360 px). */
export function PageContainer({ children, sx, ...props }: PageContainerProps) {
  return (
    <Box
      sx={[
        { width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3, md: 4 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    >
      {children}
    </Box>
  );
}
