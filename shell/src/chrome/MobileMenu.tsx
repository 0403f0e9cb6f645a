import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/CloseRounded';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartRounded';
import { RouteButton, RouteLink } from '@portal/ui';
import { selectCartCount, selectSessionUser, useAppSelector, type SessionStatus } from '@portal/store';
import { isStaffRole } from '../staff-access';
import { NAV_LINKS, accountLink, currentState } from './nav-links';
import OrganizationSwitcher from './OrganizationSwitcher';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  pathname: string;
  session: SessionStatus;
  onSignOut: () => void;
  onOpenCart: () => void;
}

/** The navigation drawer of narrow screens: focus stays inside while open, Escape closes it. */
export default function MobileMenu({
  open,
  onClose,
  pathname,
  session,
  onSignOut,
  onOpenCart,
}: MobileMenuProps) {
  const cartCount = useAppSelector(selectCartCount);
  const account = accountLink(isStaffRole(useAppSelector(selectSessionUser)?.role));
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // A modal drawer is a dialog: named, so a screen reader says what opened (the menu button
      // announces aria-haspopup="dialog").
      slotProps={{
        paper: {
          id: 'mobile-menu',
          role: 'dialog',
          'aria-modal': true,
          'aria-label': 'Menu',
          sx: { width: 'min(320px, 86vw)', p: 2 },
        },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Stack component="nav" aria-label="Mobile" spacing={0.5} sx={{ mt: 1 }}>
        {NAV_LINKS.map(({ label, href, covers }) => {
          const current = currentState({ href, covers }, pathname);
          return (
            <RouteLink
              key={href}
              href={href}
              onClick={onClose}
              aria-current={current}
              underline="none"
              color={current ? 'primary' : 'text.primary'}
              sx={{
                px: 1.5,
                py: 1.25,
                borderRadius: 2,
                fontSize: '1.0625rem',
                fontWeight: 600,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {label}
            </RouteLink>
          );
        })}
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Stack spacing={1}>
        <Button variant="outlined" color="inherit" startIcon={<ShoppingCartIcon />} onClick={onOpenCart}>
          Shopping Cart ({cartCount})
        </Button>
        {session === 'signedIn' && (
          <>
            <OrganizationSwitcher fullWidth />
            <RouteButton
              href={account.href}
              variant="outlined"
              color={currentState(account, pathname) ? 'primary' : 'inherit'}
              aria-current={currentState(account, pathname)}
              onClick={onClose}
            >
              {account.label}
            </RouteButton>
            <Button variant="outlined" color="inherit" onClick={onSignOut}>
              Sign Out
            </Button>
          </>
        )}
        {session === 'signedOut' && (
          <RouteButton href="/login" variant="outlined" color="inherit" onClick={onClose}>
            Sign In
          </RouteButton>
        )}
      </Stack>
    </Drawer>
  );
}
