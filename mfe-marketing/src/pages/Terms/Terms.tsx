import { LegalDocument } from '../../components/LegalDocument';
import { termsOfService } from '../../content/legal/terms';

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The terms that govern your use of our website, customer portal, API and services, under the laws of the State of New Jersey."
      source={termsOfService}
    />
  );
}
