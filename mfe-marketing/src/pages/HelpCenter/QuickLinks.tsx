import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RouteLink } from '@portal/ui';
import { QUICK_LINKS, type QuickLink } from '../../content/help-center';
import { IconBadge } from '../../components/IconBadge';
import { gridListSx, outlinedSx } from '../../components/grid-list';

const tileSx = {
  height: '100%',
  display: 'flex',
  gap: 2,
  alignItems: 'flex-start',
  p: 2.5,
  borderRadius: 3,
  ...outlinedSx,
} as const;

function TileText({ link }: { link: QuickLink }) {
  return (
    <div>
      <Typography component="span" sx={{ display: 'block', fontWeight: 650, color: 'text.primary' }}>
        {link.title}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {link.description}
      </Typography>
    </div>
  );
}

/** Shortcuts: pages that exist are links; the others are plain tiles marked 'Coming soon'. */
export function QuickLinks() {
  return (
    <Box
      component="ul"
      aria-label="Quick links"
      sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, 2)}
    >
      {QUICK_LINKS.map((link) => (
        <li key={link.title}>
          {link.href ? (
            <RouteLink
              href={link.href}
              underline="none"
              sx={{
                ...tileSx,
                transition: 'border-color 160ms',
                '&:hover': { borderColor: 'secondary.main' },
              }}
            >
              <IconBadge Icon={link.Icon} />
              <TileText link={link} />
            </RouteLink>
          ) : (
            <Box sx={{ ...tileSx, borderStyle: 'dashed', bgcolor: 'transparent' }}>
              <IconBadge Icon={link.Icon} />
              <Box sx={{ flexGrow: 1 }}>
                <TileText link={link} />
                <Chip label="Coming soon" size="small" variant="outlined" sx={{ mt: 1 }} />
              </Box>
            </Box>
          )}
        </li>
      ))}
    </Box>
  );
}
