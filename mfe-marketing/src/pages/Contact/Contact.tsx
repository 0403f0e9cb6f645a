import { PageIntro } from '../../components/PageIntro';

export default function Contact() {
  return (
    <PageIntro eyebrow="Contact" title="Talk to our team" pageTitle="Contact">
      Tell us about your customer-service goals and we will get back to you within 24 hours. We are based in
      Millstone, New Jersey, and work with businesses across the US.
    </PageIntro>
  );
}
