import CheckCircle from '@mui/icons-material/CheckCircleRounded';
import { BRAND_NAME, RouteButton } from '@portal/ui';
import { CardGrid } from '../../components/CardGrid';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { IconBadge } from '../../components/IconBadge';
import { PageIntro } from '../../components/PageIntro';
import { Section } from '../../components/Section';
import { CompanyStats } from '../../components/about/CompanyStats';
import { CompanyStory } from '../../components/about/CompanyStory';
import { WHY_CHOOSE_US } from '../../content/company';
import { SERVICES } from '../../content/services';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

/** The mark beside each reason to choose us. */
const checkBadge = <CheckCircle aria-hidden sx={{ color: 'secondary.main', mt: '2px' }} />;

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
        <CardGrid
          cards={WHY_CHOOSE_US.map((reason) => ({ ...reason, badge: checkBadge }))}
          maxColumns={{ xs: 1, sm: 2, md: 3 }}
          gap={{ xs: 2.5, md: 3.5 }}
          layout="beside"
          badgeGap={1.5}
          textGap={0.5}
        />
      </Section>
      <Section eyebrow="What we do" title="Four services, one partner">
        <CardGrid
          cards={SERVICES.map(({ name, summary, Icon }) => ({
            title: name,
            text: summary,
            badge: <IconBadge Icon={Icon} tone="accent" />,
          }))}
          columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}
          gap={{ xs: 2, md: 3 }}
          framed
        />
      </Section>
      <CompanyStory />
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
