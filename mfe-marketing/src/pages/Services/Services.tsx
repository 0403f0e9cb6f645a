import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND_NAME, RouteButton } from '@portal/ui';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { IconBadge } from '../../components/IconBadge';
import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';
import { Section } from '../../components/Section';
import { SERVICES, WHY_CHOOSE_REASONS } from '../../content/services';
import { ServiceSection } from './ServiceSection';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';
import { gridListSx } from '../../components/grid-list';

export default function Services() {
  usePublicPageMeta('/services');
  return (
    <>
      <PageIntro
        eyebrow="Services"
        title="Customer service outsourcing built around your business"
        actions={<QuoteButton />}
      >
        Inbound support, outbound sales, AI automation and digital marketing, delivered by US-managed teams
        around the clock. Start with one service or combine them into a single program with one point of
        contact.
      </PageIntro>
      {SERVICES.map((service) => (
        <ServiceSection key={service.id} service={service} />
      ))}
      <Section eyebrow="Why us" title={`Why Choose ${BRAND_NAME}`}>
        <Box
          component="ul"
          sx={gridListSx({ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, { xs: 3, md: 4 })}
        >
          {WHY_CHOOSE_REASONS.map(({ title, text, Icon }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 2 }}>
              <IconBadge Icon={Icon} />
              <div>
                <Typography variant="h4" component="h3">
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                  {text}
                </Typography>
              </div>
            </Box>
          ))}
        </Box>
      </Section>
      <ClosingCallToAction
        title="Find out what you could save"
        actions={
          <>
            <RouteButton href="/contact" variant="contained" size="large">
              Get Free Consultation
            </RouteButton>
            <RouteButton href="/pricing" variant="outlined" color="inherit" size="large">
              View Pricing
            </RouteButton>
          </>
        }
      >
        A 30-minute consultation with a solutions specialist: your volumes, your channels and a clear estimate
        of your savings, with no obligation.
      </ClosingCallToAction>
    </>
  );
}
