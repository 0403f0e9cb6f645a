import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND_NAME, PageContainer, RouteLink } from '@portal/ui';
import { FOOTER_COLUMNS } from './nav-links';

/** Site footer: the Services, Company and Support columns and the copyright line. */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', mt: { xs: 4, md: 6 }, pt: { xs: 5, md: 7 }, pb: 4 }}
    >
      <PageContainer>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
            gap: { xs: 4, md: 6 },
          }}
        >
          {FOOTER_COLUMNS.map(({ title, links }) => (
            <Box component="nav" key={title} aria-labelledby={`footer-${title}`}>
              <Typography id={`footer-${title}`} component="h2" variant="overline" color="text.secondary">
                {title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1.25 }}>
                {links.map(({ label, href }) => (
                  <li key={label}>
                    <RouteLink href={href} color="text.primary" variant="body2">
                      {label}
                    </RouteLink>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: { xs: 5, md: 7 },
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography variant="caption" color="text.secondary">
            © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
          </Typography>
          <Typography variant="caption" color="text.secondary">
            US-managed contact centers, headquartered in Millstone, New Jersey.
          </Typography>
        </Box>
      </PageContainer>
    </Box>
  );
}
