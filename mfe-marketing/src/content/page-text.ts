import type { PublicPath } from '@portal/contracts';
import { BRAND_NAME } from '@portal/ui';

/** A page's name in `<title>` and its description for search results and link previews (120–160 characters). */
export interface PageText {
  title: string;
  description: string;
}

/** Every other public page of the section (the home page's is `HOME_PAGE_TEXT`; each article has its own). */
export const PAGE_TEXT = {
  '/services': {
    title: 'Services',
    description:
      'Inbound support, outbound sales, AI automation and digital marketing from US-managed teams, 24/7. Combine services into one program and save up to 60%.',
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'Custom quotes with no hidden fees and no long-term contracts. Estimate your missed-call losses and your ROI with our calculators, then get a quote in 24 hours.',
  },
  '/about': {
    title: 'About',
    description:
      'Meet the Millstone, New Jersey team behind 500+ clients and 2M+ calls handled: our mission, values and leaders, with onshore and Philippine delivery teams.',
  },
  '/about-us': {
    title: 'About Us',
    description: `Why 500+ US businesses choose ${BRAND_NAME}: US-based management, 24/7 support, AI automation and scalable teams that cut service costs by up to 60%.`,
  },
  '/contact': {
    title: 'Contact',
    description:
      'Tell us about your call volumes and goals, or book a discovery call. A solutions specialist from our Millstone, New Jersey team replies within 24 hours.',
  },
  '/platform': {
    title: 'Platform',
    description:
      'AI bots, omnichannel engagement, analytics, workforce management and 200+ integrations in one platform, run by our team for a 99.9% uptime target.',
  },
  '/careers': {
    title: 'Careers',
    description:
      'Join our customer service, sales and AI automation teams. See open roles, from customer service representative to operations team lead, and how we hire.',
  },
  '/blog': {
    title: 'Blog',
    description:
      'Practical articles for customer-service leaders on cutting support costs, AI automation, outsourcing, customer loyalty, peak-season scaling and ROI.',
  },
  '/help-center': {
    title: 'Help Center',
    description:
      'Answers on getting started, billing and plans, technical support, integrations and account management. Search the FAQ or reach our support team 24/7.',
  },
  '/docs': {
    title: 'Docs',
    description:
      'Developer documentation for our REST API and webhooks: authentication, ticket and agent endpoints, and code examples in JavaScript, Python and PHP.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: `How ${BRAND_NAME} collects, uses, shares and protects personal information on its website and services, the choices you have, and how to reach us.`,
  },
  '/status': {
    title: 'Service Status',
    description:
      'Live status of the Millstone CX website, customer portal, API, integrations and live metrics, with 90 days of measured uptime and incident updates.',
  },
  '/terms': {
    title: 'Terms of Service',
    description: `The terms for using the ${BRAND_NAME} website, customer portal, API and services: accounts, billing, acceptable use, liability and New Jersey law.`,
  },
} as const satisfies Record<Exclude<PublicPath, '/'>, PageText>;

/** An address under /blog that names no article: kept out of search results. */
export const ARTICLE_NOT_FOUND_TEXT: PageText = {
  title: 'Article Not Found',
  description: `This article does not exist or has moved. Browse the ${BRAND_NAME} blog for articles on customer service costs, AI automation and outsourcing.`,
};
