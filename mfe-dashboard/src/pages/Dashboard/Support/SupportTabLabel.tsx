import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { useUnreadTicketsQuery } from './support-api';

/** How many tickets have a staff reply the member has not read, beside the tab's name (words for a screen reader). */
function UnreadCount() {
  const unread = useUnreadTicketsQuery().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 20,
        height: 20,
        borderRadius: 10,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontSize: 12,
        fontWeight: 700,
        lineHeight: 1,
      }}
    >
      <span aria-hidden>{unread}</span>
      <Box
        component="span"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {`(${unread} with a new reply)`}
      </Box>
    </Box>
  );
}

/** The Support tab's label: 'Support', and the number of tickets with an unread staff reply once known. */
export function SupportTabLabel() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      Support
      <Suspense fallback={null}>
        <UnreadCount />
      </Suspense>
    </Box>
  );
}
