import { PageIntro } from '../../components/PageIntro';

export default function PrivacyPolicy() {
  return (
    <PageIntro eyebrow="Legal" title="Privacy Policy">
      How we collect, use and protect your information when you use our website and services. Effective August
      19, 2025.
    </PageIntro>
  );
}
