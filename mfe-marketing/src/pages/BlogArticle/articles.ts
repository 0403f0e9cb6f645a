/** The six articles of the blog (spec section 3); their bodies arrive with the full blog. */
export const ARTICLES = [
  {
    slug: 'reduce-customer-service-costs',
    category: 'Cost Optimization',
    title: 'How to Cut Customer Service Costs by Up to 60% Without Losing Quality',
    excerpt:
      'Where the money goes in an in-house contact center, and the levers that lower it while customers notice only the faster answers.',
  },
  {
    slug: 'ai-automation-vs-human-touch',
    category: 'AI Technology',
    title: 'AI Automation vs. the Human Touch: Finding the Right Balance',
    excerpt:
      'Which conversations to hand to AI, which to keep with people, and how to move customers between the two without friction.',
  },
  {
    slug: 'when-to-outsource-call-center',
    category: 'Business Strategy',
    title: 'When Is the Right Time to Outsource Your Call Center?',
    excerpt:
      'Six signs your support team has outgrown its current setup, and how to evaluate an outsourcing partner.',
  },
  {
    slug: 'building-customer-loyalty',
    category: 'Customer Experience',
    title: 'Building Customer Loyalty Through Exceptional Service',
    excerpt:
      'How first-call resolution, consistent answers and proactive outreach turn one-time buyers into repeat customers.',
  },
  {
    slug: 'scaling-outsourced-support',
    category: 'Business Growth',
    title: 'Scaling Support Through Peak Seasons Without Hiring Sprees',
    excerpt: 'Flexible staffing, AI deflection and shared knowledge bases that absorb a surge in volume.',
  },
  {
    slug: 'roi-of-customer-service',
    category: 'Analytics',
    title: 'Measuring the ROI of Customer Service',
    excerpt:
      'The metrics that connect support to revenue, and a simple model to put a dollar figure on your contact center.',
  },
] as const;

export type Article = (typeof ARTICLES)[number];

export const findArticle = (slug: string | undefined): Article | undefined =>
  ARTICLES.find((article) => article.slug === slug);
