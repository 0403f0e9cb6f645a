import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForwardRounded';
import { RouteLink } from '@portal/ui';
import { IconBadge } from '../../components/IconBadge';
import { Section } from '../../components/Section';
import { RESOURCES } from '../../content/home';
import { gridListSx, panelSx } from '../../components/grid-list';

/** Blog, Webinar and Report cards, each leading to /blog. */
export function ResourceCards() {
  return (
    <Section
      eyebrow="Resources"
      title="Learn from 2M+ customer conversations"
      lead="Practical guides from the team that runs contact centers for 500+ US businesses."
    >
      <Box component="ul" sx={gridListSx({ xs: '1fr', md: 'repeat(3, 1fr)' }, { xs: 2, md: 3 })}>
        {RESOURCES.map(({ kind, title, description, action, Icon }) => (
          <Box
            component="li"
            key={kind}
            sx={{
              ...panelSx,
              display: 'flex',
              flexDirection: 'column',
              transition: 'border-color 160ms',
              '&:hover, &:focus-within': { borderColor: 'primary.main' },
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <IconBadge Icon={Icon} tone="accent" />
              <Typography variant="overline" color="text.secondary">
                {kind}
              </Typography>
            </Box>
            <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, flexGrow: 1 }}>
              {description}
            </Typography>
            <RouteLink
              href="/blog"
              sx={{ mt: 2.5, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            >
              {action}
              <ArrowForward aria-hidden fontSize="small" />
            </RouteLink>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
