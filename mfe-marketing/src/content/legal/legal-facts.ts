/** Both legal documents take effect on this date (spec section 9). */
export const LEGAL_EFFECTIVE_DATE = 'August 19, 2025';

export const LEGAL_CONTACT = {
  privacyEmail: 'privacy@millstonecx.com',
  legalEmail: 'legal@millstonecx.com',
  location: 'Millstone, New Jersey, USA',
} as const;
