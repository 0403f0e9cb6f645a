import type { HelpArticle } from './articles';

/**
 * Three short articles in two categories, for tests of what searches or lists articles
 * (`@portal/help-center/testing`): 'start' and 'need' in Getting Started, 'pay' in Billing.
 */
export const sampleArticles: HelpArticle[] = [
  {
    id: 'start',
    category: 'getting-started',
    question: 'How quickly can we start?',
    answer: 'Within 5-10 business days.',
  },
  {
    id: 'need',
    category: 'getting-started',
    question: 'What do you need?',
    answer: 'Your policies and a contact.',
  },
  { id: 'pay', category: 'billing', question: 'Which payment methods?', answer: 'Cards, wire and ACH.' },
];
