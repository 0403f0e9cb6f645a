import { PageIntro } from '../../components/PageIntro';

export default function HelpCenter() {
  return (
    <PageIntro eyebrow="Help Center" title="How can we help?" pageTitle="Help Center">
      Answers about getting started, billing, integrations and your account. Can't find what you need? Our
      support team replies to email within 2 hours.
    </PageIntro>
  );
}
