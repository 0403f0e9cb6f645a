/**
 * The company as its legal pages name it (terms and privacy policy: "Millstone CX", "a company based
 * in Millstone, New Jersey, USA", legal@millstonecx.com): the seller on every invoice.
 */
export const BRAND_LEGAL = {
  legalName: 'Millstone CX',
  addressLines: ['Millstone, New Jersey', 'United States'],
  email: 'legal@millstonecx.com',
  website: 'millstonecx.com',
} as const;
