import type { PageText } from './page-text';

/** The home page's title and description, apart from `PAGE_TEXT` so a first visit to `/` downloads only these. */
export const HOME_PAGE_TEXT: PageText = {
  title: 'Contact-center and AI-automation outsourcing',
  description:
    'US-managed contact-center and AI-automation outsourcing: inbound support, outbound sales and digital marketing, 24/7, with savings of up to 60%.',
};
