import { PageIntro } from '../../components/PageIntro';

export default function AboutUs() {
  return (
    <PageIntro
      eyebrow="About us"
      title="Why 500+ businesses trust us with their customers"
      pageTitle="About Us"
    >
      US-based management, 24/7 support and AI automation that scales with you, at up to 60% less than
      building the same team yourself.
    </PageIntro>
  );
}
