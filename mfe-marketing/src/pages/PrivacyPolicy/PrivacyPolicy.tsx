import { LegalDocument } from '../../components/LegalDocument';
import { privacyPolicy } from '../../content/legal/privacy-policy';
import { usePublicPageMeta } from '../../seo/usePublicPageMeta';

export default function PrivacyPolicy() {
  usePublicPageMeta('/privacy-policy');
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="How we collect, use and protect your information when you use our website and services, and the choices you have."
      source={privacyPolicy}
    />
  );
}
