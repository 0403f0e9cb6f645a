import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForwardRounded';
import { PageContainer, RouteButton, RouteLink, colors } from '@portal/ui';
import { QuoteButton } from '../../components/QuoteButton';

/**
 * The spec's claims. Uptime is a target, not a measured figure: the link leads to the status page,
 * whose 90-day figure is measured (ADR 0235), so the home page claims nothing it cannot show.
 */
const PROOF: { text: string; href?: string }[] = [
  { text: '500+ clients' },
  { text: '2M+ calls handled' },
  { text: '99.9% uptime target', href: '/status' },
];

/** Home hero: the promise, 'Get a Quote' and 'Explore Platform'. */
export function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        // Two soft glows (accent and data colours) that fade out inside the section.
        background: `radial-gradient(55% 70% at 88% 0%, rgba(255, 106, 61, 0.16), transparent 70%), radial-gradient(35% 45% at 0% 70%, rgba(45, 212, 191, 0.09), transparent 70%)`,
      }}
    >
      <PageContainer sx={{ pt: { xs: 8, md: 14 }, pb: { xs: 7, md: 11 } }}>
        <Typography variant="overline" color="primary" component="p" sx={{ mb: 2 }}>
          Contact-center &amp; AI-automation outsourcing
        </Typography>
        <Typography id="home-hero-title" variant="h1" sx={{ maxWidth: 900 }}>
          Round-the-clock customer service, at up to{' '}
          <Box component="span" sx={{ color: colors.accent }}>
            60% less
          </Box>{' '}
          than doing it in‑house
        </Typography>
        <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 680, mt: 3 }}>
          US-managed agents and AI automation answer your customers 24/7, across inbound support, outbound
          sales and digital channels, so your team can focus on growing the business.
        </Typography>
        {/* Flex with gap, not MUI's Stack: Stack's code would be one more module on the first visit. */}
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, mt: 5 }}>
          <QuoteButton />
          <RouteButton
            href="/platform"
            variant="outlined"
            color="inherit"
            size="large"
            endIcon={<ArrowForward />}
          >
            Explore Platform
          </RouteButton>
        </Box>
        <Box
          component="ul"
          aria-label="Why businesses choose us"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 5,
            display: 'flex',
            flexWrap: 'wrap',
            gap: { xs: 1.5, sm: 3 },
          }}
        >
          {PROOF.map((item) => (
            <Typography
              component="li"
              key={item.text}
              variant="body2"
              color="text.secondary"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                '&::before': {
                  content: '""',
                  width: 6,
                  height: 6,
                  borderRadius: '50%',
                  bgcolor: 'secondary.main',
                },
              }}
            >
              {item.href ? (
                <RouteLink href={item.href} color="inherit" underline="always">
                  {item.text} · live status
                </RouteLink>
              ) : (
                item.text
              )}
            </Typography>
          ))}
        </Box>
      </PageContainer>
    </Box>
  );
}
