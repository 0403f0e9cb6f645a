import { PageIntro } from '../../components/PageIntro';

export default function Blog() {
  return (
    <PageIntro eyebrow="Blog" title="Insights for customer-service leaders" pageTitle="Blog">
      Practical articles on cost optimization, AI technology, customer experience and growing a support
      operation, from the people who run one every day.
    </PageIntro>
  );
}
