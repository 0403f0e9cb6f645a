import Box from '@mui/material/Box';
import { BRAND_NAME, RouteLink, colors } from '@portal/ui';

/** Brand mark (a headset arc over signal bars) and name, linking home. */
export function Logo() {
  return (
    <RouteLink
      href="/"
      aria-label={`${BRAND_NAME} home`}
      underline="none"
      color="inherit"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        fontWeight: 800,
        fontSize: '1.125rem',
        letterSpacing: '-0.01em',
        whiteSpace: 'nowrap',
      }}
    >
      <Box component="svg" viewBox="0 0 32 32" width={32} height={32} aria-hidden sx={{ flexShrink: 0 }}>
        <rect width="32" height="32" rx="9" fill={colors.accent} />
        <path
          d="M8 17v-2a8 8 0 0 1 16 0v2"
          fill="none"
          stroke={colors.ink}
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <rect x="9.5" y="18" width="3" height="6" rx="1.5" fill={colors.ink} />
        <rect x="14.5" y="15" width="3" height="9" rx="1.5" fill={colors.ink} />
        <rect x="19.5" y="18" width="3" height="6" rx="1.5" fill={colors.ink} />
      </Box>
      {/* The smallest phones need the room for the cart, 'Get a Quote' and the menu: the mark stays. */}
      <Box component="span" sx={{ '@media (max-width: 379.95px)': { display: 'none' } }}>
        {BRAND_NAME}
      </Box>
    </RouteLink>
  );
}
