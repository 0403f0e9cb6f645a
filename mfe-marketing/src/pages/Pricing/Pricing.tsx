import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';

export default function Pricing() {
  return (
    <PageIntro
      eyebrow="Pricing"
      title="Custom pricing, with no hidden fees"
      pageTitle="Pricing"
      actions={<QuoteButton />}
    >
      Every plan is quoted to your call volumes, channels and hours of coverage, and most clients save up to
      60% against an in-house team. No long-term contracts: you stay month-to-month and scale as you grow.
    </PageIntro>
  );
}
