import { Suspense, lazy, useCallback, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/MenuRounded';
import { CONTENT_MAX_WIDTH, RouteButton, RouteLink } from '@portal/ui';
import {
  openQuoteDialog,
  selectSessionStatus,
  selectSessionUser,
  signOut,
  useAppDispatch,
  useAppSelector,
} from '@portal/store';
import { isStaffRole } from '../staff-access';
import { CartButton } from './CartButton';
import { Logo } from './Logo';
import { NAV_LINKS, accountLink, currentState } from './nav-links';

const MobileMenu = lazy(() => import('./MobileMenu'));
// Signed-in only: the first visit of an anonymous visitor does not load it.
const OrganizationSwitcher = lazy(() => import('./OrganizationSwitcher'));
const loadCartModalHost = () => import('./CartModalHost');
const CartModalHost = lazy(loadCartModalHost);

/** The current page or part of the site: a short accent bar under the label. */
const currentMark = {
  '&::after': {
    content: '""',
    position: 'absolute',
    left: 12,
    right: 12,
    bottom: 2,
    height: 2,
    borderRadius: 1,
    bgcolor: 'primary.main',
    opacity: 0,
  },
  '&[aria-current]::after': { opacity: 1 },
} as const;

/** Site header: brand, navigation, session actions, cart, 'Get a Quote', mobile menu. */
export function Header({ pathname }: { pathname: string }) {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSessionStatus);
  const account = accountLink(isStaffRole(useAppSelector(selectSessionUser)?.role));
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [cartLoaded, setCartLoaded] = useState(false);

  const signOutNow = () => void dispatch(signOut());
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  const openCart = () => {
    setMenuOpen(false);
    setCartLoaded(true);
    setCartOpen(true);
  };
  const closeCart = useCallback(() => setCartOpen(false), []);
  // Pointing at or focusing the cart button starts loading the modal.
  const prepareCart = () => void loadCartModalHost().then(({ preloadCartModal }) => preloadCartModal());

  return (
    <AppBar position="static">
      <Toolbar
        disableGutters
        sx={{
          width: '100%',
          maxWidth: CONTENT_MAX_WIDTH,
          mx: 'auto',
          px: { xs: 2, sm: 3, md: 4 },
          minHeight: { xs: 64 },
          // Phones hold the logo, the cart, 'Get a Quote' and the menu toggle on one row.
          gap: { xs: 0.5, sm: 1 },
        }}
      >
        <Logo />
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 4 }}>
          {NAV_LINKS.map((link) => {
            const current = currentState(link, pathname);
            return (
              <RouteLink
                key={link.href}
                href={link.href}
                aria-current={current}
                underline="none"
                sx={{
                  position: 'relative',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  fontWeight: 550,
                  color: current ? 'text.primary' : 'text.secondary',
                  '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
                  ...currentMark,
                }}
              >
                {link.label}
              </RouteLink>
            );
          })}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {/* While the current-user call runs, the place of the signed-in buttons stays empty. */}
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, minWidth: session === 'checking' ? 190 : 0 }}>
          {session === 'signedIn' && (
            <>
              <Suspense fallback={null}>
                <OrganizationSwitcher />
              </Suspense>
              <RouteButton
                href={account.href}
                color="inherit"
                aria-current={currentState(account, pathname)}
                sx={currentMark}
              >
                {account.label}
              </RouteButton>
              <Button color="inherit" onClick={signOutNow}>
                Sign Out
              </Button>
            </>
          )}
          {session === 'signedOut' && (
            <RouteButton
              href="/login"
              color="inherit"
              aria-current={currentState({ href: '/login' }, pathname)}
              sx={currentMark}
            >
              Sign In
            </RouteButton>
          )}
        </Box>
        <CartButton onOpen={openCart} onIntent={prepareCart} />
        <Button
          variant="contained"
          onClick={() => dispatch(openQuoteDialog())}
          sx={{ px: { xs: 1.5, sm: 2.5 } }}
        >
          Get a Quote
        </Button>
        <IconButton
          aria-label="Open menu"
          aria-controls="mobile-menu"
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onClick={openMenu}
          edge="end"
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            pathname={pathname}
            session={session}
            onSignOut={signOutNow}
            onOpenCart={openCart}
          />
        </Suspense>
      )}
      {cartLoaded && (
        <Suspense fallback={null}>
          <CartModalHost open={cartOpen} onClose={closeCart} />
        </Suspense>
      )}
    </AppBar>
  );
}
