import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * A list and the item open from it: side by side on wide screens, the item beside the list's
 * remaining columns; on phones and tablets the item in place of the list, with a way back.
 */
export function ListWithPanel({
  list,
  panel,
  onBack,
  backLabel,
}: {
  list: ReactNode;
  panel: ReactNode | null;
  onBack: () => void;
  backLabel: string;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  if (panel && narrow) {
    return (
      <Box>
        <Button size="small" onClick={onBack} sx={{ mb: 1 }}>
          {backLabel}
        </Button>
        {panel}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: panel ? { xs: '1fr', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' } : '1fr',
      }}
    >
      <Box sx={{ minWidth: 0, alignSelf: 'start' }}>{list}</Box>
      {panel}
    </Box>
  );
}
