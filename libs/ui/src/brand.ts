/** The company name shown by the logo, the footer and every page title. */
export const BRAND_NAME = 'Millstone CX';
export const BRAND_TAGLINE = 'Contact-center and AI-automation outsourcing for US businesses';
