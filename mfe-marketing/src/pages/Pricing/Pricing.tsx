import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { RouteButton } from '@portal/ui';
import { CardGrid } from '../../components/CardGrid';
import { ClosingCallToAction } from '../../components/ClosingCallToAction';
import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';
import { Section } from '../../components/Section';
import { QUOTE_TERMS } from '../../content/pricing';
import { Calculator } from './Calculator';
import { MISSED_CALLS_CALCULATOR, ROI_CALCULATOR } from './calculator-specs';
import { Packages } from './Packages';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

export default function Pricing() {
  usePublicPageMeta('/pricing');
  return (
    <>
      <PageIntro eyebrow="Pricing" title="Custom pricing, with no hidden fees" actions={<QuoteButton />}>
        Every plan is quoted to your call volumes, channels and hours of coverage, and most clients save up to
        60% against an in-house team. No long-term contracts: you stay month-to-month and scale as you grow.
      </PageIntro>
      <Section eyebrow="Custom quote" title="No fixed price list, just a fair quote">
        <CardGrid
          cards={QUOTE_TERMS}
          columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
          gap={{ xs: 2, md: 3 }}
          framed
        />
      </Section>
      <Section
        eyebrow="Calculators"
        title="See what you could save"
        lead="Move the sliders to match your business. The figures update as you go."
      >
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 3, md: 4 } }}
        >
          <Calculator spec={MISSED_CALLS_CALCULATOR} />
          <Calculator spec={ROI_CALCULATOR} />
        </Box>
      </Section>
      <Suspense fallback={null}>
        <Packages />
      </Suspense>
      <ClosingCallToAction
        title="Get your custom quote"
        actions={
          <>
            <QuoteButton />
            <RouteButton href="/contact" variant="outlined" color="inherit" size="large">
              Talk to Sales
            </RouteButton>
          </>
        }
      >
        A solutions specialist will contact you within 24 hours with pricing built around your operation.
      </ClosingCallToAction>
    </>
  );
}
