import { PageIntro } from '../../components/PageIntro';

export default function About() {
  return (
    <PageIntro eyebrow="About" title="The team behind 2M+ customer conversations" pageTitle="About">
      We are a New Jersey customer-service company helping 500+ US businesses give their customers fast,
      friendly answers 24/7, with skilled agents and AI automation working side by side.
    </PageIntro>
  );
}
