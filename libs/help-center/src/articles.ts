/** The help center's five categories (spec: getting-started, billing, technical, integration, account). */
export const HELP_CATEGORY_IDS = [
  'getting-started',
  'billing',
  'technical',
  'integration',
  'account',
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORY_IDS)[number];

/** A help category: id and name (each section draws its own icon for it). */
export interface HelpCategory {
  id: HelpCategoryId;
  name: string;
}

export const HELP_CATEGORIES: readonly HelpCategory[] = [
  { id: 'getting-started', name: 'Getting Started' },
  { id: 'billing', name: 'Billing & Plans' },
  { id: 'technical', name: 'Technical Support' },
  { id: 'integration', name: 'Integration' },
  { id: 'account', name: 'Account Management' },
];

export const FIRST_HELP_CATEGORY: HelpCategoryId = 'getting-started';

/**
 * A help-center article (the spec's FAQ item): question and answer in a category, with a stable id
 * (a slug of the question) by which the dashboard opens it and support counts it as a deflection.
 * An id, once published, never changes: deflections already counted refer to it.
 */
export interface HelpArticle {
  id: string;
  category: HelpCategoryId;
  question: string;
  answer: string;
}

/** Three articles per category; the answers state the product's support promises. */
export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'how-quickly-can-we-get-started',
    category: 'getting-started',
    question: 'How quickly can we get started?',
    answer:
      'A member of our onboarding team contacts you within 24 hours of your first message. Standard implementations go live in 5-10 business days; complex programs with several channels, custom integrations or regulated processes take 2-3 weeks. Your onboarding manager shares a dated plan on the first call, so you know exactly when each queue goes live.',
  },
  {
    id: 'what-do-you-need-from-us-to-begin',
    category: 'getting-started',
    question: 'What do you need from us to begin?',
    answer:
      'A point of contact on your side, your current policies and help articles, examples of common customer questions, and access to the systems our agents will work in, such as your CRM or help desk. We turn that material into training scenarios and a knowledge base, and your team reviews both before any customer contact.',
  },
  {
    id: 'can-we-start-with-a-small-pilot',
    category: 'getting-started',
    question: 'Can we start with a small pilot?',
    answer:
      'Yes, and many clients do. A common first step is one queue, such as after-hours, weekend or overflow calls, measured side by side with your in-house team for a month. Plans are month-to-month with no long-term contracts, so you can expand when the results are in, or stop.',
  },
  {
    id: 'how-does-pricing-work',
    category: 'billing',
    question: 'How does pricing work?',
    answer:
      'Every plan is a custom quote built on your volumes, channels and hours of coverage, with no hidden fees and no long-term contracts. Clients save up to 60% compared with running the same coverage in-house. The calculators on our Pricing page give you a first estimate before we talk.',
  },
  {
    id: 'which-payment-methods-do-you-accept',
    category: 'billing',
    question: 'Which payment methods do you accept?',
    answer:
      'We accept all major credit cards (Visa, Mastercard, American Express and Discover), wire transfers and ACH bank transfers. Invoices are due on receipt, and card payments for plans bought online are processed securely at checkout.',
  },
  {
    id: 'can-i-change-or-cancel-my-plan-and-is-there-a-guarantee',
    category: 'billing',
    question: 'Can I change or cancel my plan, and is there a guarantee?',
    answer:
      'You can upgrade or downgrade at any time; plan changes take effect at the start of your next billing cycle. Cancellation needs 30 days notice in writing. New clients are covered by a 30-day money-back guarantee: if we are not the right fit in your first 30 days, we refund your payment.',
  },
  {
    id: 'how-reliable-is-your-platform',
    category: 'technical',
    question: 'How reliable is your platform?',
    answer:
      'Our platform runs at 99.9% uptime and is monitored around the clock. If an incident affects your service, your account manager contacts you with what happened, what we are doing about it and when it will be resolved, and a written summary follows once it is fixed.',
  },
  {
    id: 'how-do-i-reach-technical-support',
    category: 'technical',
    question: 'How do I reach technical support?',
    answer:
      'Email our support team and we reply within 2 hours. Phone support and live chat are available 24/7; live chat is built into your customer dashboard. You can also open a ticket from the Support tab of your dashboard and follow its status there.',
  },
  {
    id: 'why-does-my-kpi-dashboard-show-no-data',
    category: 'technical',
    question: 'Why does my KPI dashboard show no data?',
    answer:
      'Calls, leads and conversions come from your connected systems, so the KPI tab stays empty until at least one integration is active. Choose Setup Integration on the KPI tab, or Add Integration on the Integrations tab, and new activity appears as it happens. If an active integration shows no data after an hour, open a support ticket.',
  },
  {
    id: 'which-systems-do-you-integrate-with',
    category: 'integration',
    question: 'Which systems do you integrate with?',
    answer:
      'We work with 200+ platforms, including CRMs such as HubSpot, Salesforce and Zoho, and phone systems such as Twilio, Dialpad and RingCentral. If your tool is not on the list, our REST API and webhooks connect almost anything else.',
  },
  {
    id: 'how-long-does-an-api-integration-take',
    category: 'integration',
    question: 'How long does an API integration take?',
    answer:
      'A standard API integration takes 2-5 business days. Complex integrations, with custom data mapping, several systems or strict security reviews, take 1-2 weeks. The API Documentation describes endpoints, authentication, rate limits and webhooks so your developers can start right away.',
  },
  {
    id: 'how-do-i-connect-my-crm-or-phone-system',
    category: 'integration',
    question: 'How do I connect my CRM or phone system?',
    answer:
      'Open the Integrations tab of your dashboard and choose Add Integration. Pick the type, give the connection a name, paste the API key from your system and, if you use one, a webhook URL. Keys are encrypted at rest and never shown again after you save them.',
  },
  {
    id: 'how-do-i-add-team-members-and-manage-their-access',
    category: 'account',
    question: 'How do I add team members and manage their access?',
    answer:
      'Account administrators can invite users, assign roles and remove access in the Team Management area of the dashboard. Roles decide what each person can see and do, so billing contacts, CRM managers and administrators each get the access they need and nothing more.',
  },
  {
    id: 'where-can-i-see-my-orders',
    category: 'account',
    question: 'Where can I see my orders?',
    answer:
      'Sign in and open the Orders tab of your dashboard. It lists every order with its ID, total, status and date. The Overview tab shows your total orders and total spent at a glance.',
  },
  {
    id: 'how-do-you-protect-my-account-and-customer-data',
    category: 'account',
    question: 'How do you protect my account and customer data?',
    answer:
      'Data is encrypted in transit and at rest, integration keys and tokens are encrypted and never returned by our systems, and staff access follows the principle of least privilege. Our Privacy Policy explains what we collect, why, and the choices you have.',
  },
];

/** Every article's id, in the order of HELP_ARTICLES. */
export const HELP_ARTICLE_IDS: readonly string[] = HELP_ARTICLES.map((article) => article.id);

/** The article with this id, or undefined. */
export const helpArticleById = (id: string): HelpArticle | undefined =>
  HELP_ARTICLES.find((article) => article.id === id);
