import { lazy, Suspense, useCallback, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import ChatRounded from '@mui/icons-material/ChatRounded';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { can } from '@portal/contracts';
import { selectSessionUser, useAppSelector } from '@portal/store';

const LiveChatPanel = lazy(() => import('./LiveChatPanel'));

/**
 * The dashboard's "Chat with support" button, bottom right on every dashboard page, for the members
 * who may use support (`tickets.use`). The panel (its own chunk) loads on the first click and then
 * stays, so a chat still going keeps its live stream and counts support's answers on the button.
 */
export function LiveChatLauncher() {
  const user = useAppSelector(selectSessionUser);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [unread, setUnread] = useState(0);
  const close = useCallback(() => setOpen(false), []);
  if (!can(user?.orgRole, 'tickets.use')) return null;
  return (
    <>
      <Fab
        color="primary"
        variant="extended"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        sx={{
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: 'speedDial',
          gap: 1,
        }}
      >
        <Badge
          color="error"
          badgeContent={unread > 0 ? unread : undefined}
          invisible={unread === 0}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <ChatRounded />
        </Badge>
        {/* Its name starts with what it shows (axe: label-content-name-mismatch), the rest for screen readers. */}
        Chat
        <Box component="span" sx={visuallyHidden}>
          {unread > 0 ? ` with support, ${unread} new` : ' with support'}
        </Box>
      </Fab>
      {loaded && (
        <Suspense fallback={null}>
          <LiveChatPanel open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      )}
    </>
  );
}
