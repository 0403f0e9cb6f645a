import { PageIntro } from '../../components/PageIntro';

export default function Careers() {
  return (
    <PageIntro eyebrow="Careers" title="Build a career in customer experience" pageTitle="Careers">
      Join our customer service, sales and AI automation teams. We hire for attitude, train for skills and
      promote from within.
    </PageIntro>
  );
}
