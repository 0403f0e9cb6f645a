import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleRounded';
import { BRAND_NAME, RouteButton } from '@portal/ui';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { IconBadge } from '../../components/IconBadge';
import { PageIntro } from '../../components/PageIntro';
import { Section } from '../../components/Section';
import { CompanyStats } from '../../components/about/CompanyStats';
import { CoreValues } from '../../components/about/CoreValues';
import { LeadershipTeam } from '../../components/about/LeadershipTeam';
import { MissionVision } from '../../components/about/MissionVision';
import { WhyNewJersey } from '../../components/about/WhyNewJersey';
import { WHY_CHOOSE_US } from '../../content/company';
import { SERVICES } from '../../content/services';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';
import { gridListSx, panelSx } from '../../components/grid-list';

export default function AboutUs() {
  usePublicPageMeta('/about-us');
  return (
    <>
      <PageIntro eyebrow="About us" title="Why 500+ businesses trust us with their customers">
        US-based management, 24/7 support and AI automation that scales with you, at up to 60% less than
        building the same team yourself.
      </PageIntro>
      <CompanyStats />
      <Section eyebrow="Why choose us" title={`Why businesses choose ${BRAND_NAME}`}>
        <Box
          component="ul"
          sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, { xs: 2.5, md: 3.5 })}
        >
          {WHY_CHOOSE_US.map(({ title, text }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 1.5 }}>
              <CheckCircle aria-hidden sx={{ color: 'secondary.main', mt: '2px' }} />
              <div>
                <Typography variant="h4" component="h3">
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {text}
                </Typography>
              </div>
            </Box>
          ))}
        </Box>
      </Section>
      <Section eyebrow="What we do" title="Four services, one partner">
        <Box
          component="ul"
          sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, { xs: 2, md: 3 })}
        >
          {SERVICES.map(({ id, name, summary, Icon }) => (
            <Box component="li" key={id} sx={panelSx}>
              <IconBadge Icon={Icon} tone="accent" />
              <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {summary}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <MissionVision />
      <WhyNewJersey />
      <CoreValues />
      <LeadershipTeam />
      <ClosingCallToAction
        title="Ready to put your customers first?"
        actions={
          <>
            <RouteButton href="/contact" variant="contained" size="large">
              Get Started Today
            </RouteButton>
            <RouteButton href="/pricing" variant="outlined" color="inherit" size="large">
              View Pricing
            </RouteButton>
          </>
        }
      >
        Tell us about your goals and we will contact you within 24 hours with a plan and a custom quote.
      </ClosingCallToAction>
    </>
  );
}
