import { PageIntro } from '../../components/PageIntro';
import { QuoteButton } from '../../components/QuoteButton';

export default function Services() {
  return (
    <PageIntro
      eyebrow="Services"
      title="Customer service outsourcing built around your business"
      pageTitle="Services"
      actions={<QuoteButton />}
    >
      Inbound support, outbound sales, AI automation and digital marketing, delivered by US-managed teams
      around the clock. Start with one service or combine them into a single program with one point of
      contact.
    </PageIntro>
  );
}
