import { BRAND_NAME, RouteButton } from '@portal/ui';
import { CardGrid } from '../../components/CardGrid';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { IconBadge } from '../../components/IconBadge';
import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';
import { Section } from '../../components/Section';
import { SERVICES, WHY_CHOOSE_REASONS } from '../../content/services';
import { ServiceSection } from './ServiceSection';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

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
        <CardGrid
          cards={WHY_CHOOSE_REASONS.map(({ title, text, Icon }) => ({
            title,
            text,
            badge: <IconBadge Icon={Icon} />,
          }))}
          columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }}
          gap={{ xs: 3, md: 4 }}
          layout="beside"
          badgeGap={2}
          textGap={0.75}
        />
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
