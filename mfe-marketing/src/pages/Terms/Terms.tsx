import { PageIntro } from '../../components/PageIntro';

export default function Terms() {
  return (
    <PageIntro eyebrow="Legal" title="Terms of Service">
      The terms that govern your use of our website and services, under the laws of the State of New Jersey.
      Effective August 19, 2025.
    </PageIntro>
  );
}
