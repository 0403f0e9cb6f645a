import { BLOG_ARTICLES, type ArticleSlug } from '@portal/contracts';
import reduceCostsImage from './images/reduce-customer-service-costs.svg';
import aiBalanceImage from './images/ai-automation-vs-human-touch.svg';
import outsourceImage from './images/when-to-outsource-call-center.svg';
import loyaltyImage from './images/building-customer-loyalty.svg';
import scalingImage from './images/scaling-outsourced-support.svg';
import roiImage from './images/roi-of-customer-service.svg';
import { reduceCustomerServiceCosts } from './reduce-customer-service-costs';
import { aiAutomationVsHumanTouch } from './ai-automation-vs-human-touch';
import { whenToOutsourceCallCenter } from './when-to-outsource-call-center';
import { buildingCustomerLoyalty } from './building-customer-loyalty';
import { scalingOutsourcedSupport } from './scaling-outsourced-support';
import { roiOfCustomerService } from './roi-of-customer-service';

/** The blog's categories, in the order of the category buttons (after 'All'). */
export const BLOG_CATEGORIES = [
  'Cost Optimization',
  'AI Technology',
  'Business Strategy',
  'Customer Experience',
  'Business Growth',
  'Analytics',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Every illustration is drawn on this canvas, so the page reserves its space before it loads. */
export const ARTICLE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A blog article; `content` is in the content markup (see `markup/parse-markup`). */
export interface Article {
  slug: ArticleSlug;
  title: string;
  excerpt: string;
  /** For search results and link previews: 120–160 characters. */
  description: string;
  content: string;
  author: string;
  authorRole: string;
  /** As shown, e.g. 'December 15, 2024'. */
  date: string;
  /** As shown, e.g. '5 min read'. */
  readTime: string;
  category: BlogCategory;
  image: string;
  imageAlt: string;
}

type ArticleText = Omit<Article, 'slug' | 'date'>;

const ARTICLE_TEXT: Record<ArticleSlug, ArticleText> = {
  'reduce-customer-service-costs': {
    category: 'Cost Optimization',
    title: 'How to Cut Customer Service Costs by Up to 60% Without Losing Quality',
    excerpt:
      'Where the money goes in an in-house contact center, and the levers that lower it while customers notice only the faster answers.',
    description:
      'Where the money goes in an in-house contact center, and four levers (staffing, automation, onshore and offshore teams, fewer repeat calls) that cut it.',
    content: reduceCustomerServiceCosts,
    author: 'Rachel Torres',
    authorRole: 'Director of Client Solutions',
    readTime: '6 min read',
    image: reduceCostsImage,
    imageAlt: 'Bar chart of support costs falling step by step, next to a stack of coins',
  },
  'ai-automation-vs-human-touch': {
    category: 'AI Technology',
    title: 'AI Automation vs. the Human Touch: Finding the Right Balance',
    excerpt:
      'Which conversations to hand to AI, which to keep with people, and how to move customers between the two without friction.',
    description:
      'Which customer conversations to hand to AI bots, which to keep with people, and how to move customers between the two without friction or repeated questions.',
    content: aiAutomationVsHumanTouch,
    author: 'David Kim',
    authorRole: 'Chief Technology Officer',
    readTime: '5 min read',
    image: aiBalanceImage,
    imageAlt: 'A chatbot and a headset-wearing agent passing a conversation back and forth',
  },
  'when-to-outsource-call-center': {
    category: 'Business Strategy',
    title: 'When Is the Right Time to Outsource Your Call Center?',
    excerpt:
      'Six signs your support team has outgrown its current setup, and how to evaluate an outsourcing partner.',
    description:
      'Six signs your support team has outgrown its setup, from rising hold times to missed after-hours calls, and how to evaluate a call center outsourcing partner.',
    content: whenToOutsourceCallCenter,
    author: 'Michael Donnelly',
    authorRole: 'Chief Executive Officer',
    readTime: '5 min read',
    image: outsourceImage,
    imageAlt: 'A clock beside rising queue bars and a location pin',
  },
  'building-customer-loyalty': {
    category: 'Customer Experience',
    title: 'Building Customer Loyalty Through Exceptional Service',
    excerpt:
      'How first-call resolution, consistent answers and proactive outreach turn one-time buyers into repeat customers.',
    description:
      'How first-call resolution, consistent answers on every channel and proactive outreach turn one-time buyers into loyal customers, and how to measure it.',
    content: buildingCustomerLoyalty,
    author: 'Priya Raman',
    authorRole: 'VP of Customer Experience',
    readTime: '5 min read',
    image: loyaltyImage,
    imageAlt: 'A heart inside a circle of arrows, surrounded by stars',
  },
  'scaling-outsourced-support': {
    category: 'Business Growth',
    title: 'Scaling Support Through Peak Seasons Without Hiring Sprees',
    excerpt: 'Flexible staffing, AI deflection and shared knowledge bases that absorb a surge in volume.',
    description:
      'How to absorb holiday and launch peaks in contact volume with flexible outsourced staffing, AI deflection and one shared knowledge base, not hiring sprees.',
    content: scalingOutsourcedSupport,
    author: 'Angela Reyes',
    authorRole: 'Chief Operations Officer',
    readTime: '5 min read',
    image: scalingImage,
    imageAlt: 'A peak in contact volume with more agents added at the top of the curve',
  },
  'roi-of-customer-service': {
    category: 'Analytics',
    title: 'Measuring the ROI of Customer Service',
    excerpt:
      'The metrics that connect support to revenue, and a simple model to put a dollar figure on your contact center.',
    description:
      'The metrics that connect customer service to revenue, and a simple model to put a dollar figure on your contact center: revenue kept against what it costs.',
    content: roiOfCustomerService,
    author: 'Jennifer Walsh',
    authorRole: 'Head of Analytics',
    readTime: '5 min read',
    image: roiImage,
    imageAlt: 'A line chart climbing toward a dollar coin',
  },
};

/** The six articles, newest first (the first is the featured one): order and dates from `BLOG_ARTICLES`. */
export const ARTICLES: readonly Article[] = BLOG_ARTICLES.map(({ slug, date }) => ({
  slug,
  date,
  ...ARTICLE_TEXT[slug],
}));

export const findArticle = (slug: string | undefined): Article | undefined =>
  ARTICLES.find((article) => article.slug === slug);
