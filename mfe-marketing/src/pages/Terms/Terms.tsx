import { LegalDocument } from '../../components/LegalDocument';
import { termsOfService } from '../../content/legal/terms';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

export default function Terms() {
  usePublicPageMeta('/terms');
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The terms that govern your use of our website, customer portal, API and services, under the laws of the State of New Jersey."
      source={termsOfService}
    />
  );
}
