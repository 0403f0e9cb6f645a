import { RouteButton } from '@portal/ui';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { PageIntro } from '../../components/PageIntro';
import { CompanyStats } from '../../components/about/CompanyStats';
import { CompanyStory } from '../../components/about/CompanyStory';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

export default function About() {
  usePublicPageMeta('/about');
  return (
    <>
      <PageIntro eyebrow="About" title="The team behind 2M+ customer conversations">
        We are a New Jersey customer-service company helping 500+ US businesses give their customers fast,
        friendly answers 24/7, with skilled agents and AI automation working side by side.
      </PageIntro>
      <CompanyStats />
      <CompanyStory />
      <ClosingCallToAction
        title="Let’s talk about your customers"
        actions={
          <>
            <RouteButton href="/contact" variant="contained" size="large">
              Contact Us
            </RouteButton>
            <RouteButton href="/pricing" variant="outlined" color="inherit" size="large">
              View Pricing
            </RouteButton>
          </>
        }
      >
        Tell us where your customer service stands today. We will get back to you within 24 hours.
      </ClosingCallToAction>
    </>
  );
}
