import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Article from '@mui/icons-material/ArticleRounded';
import OndemandVideo from '@mui/icons-material/OndemandVideoRounded';
import Assessment from '@mui/icons-material/AssessmentRounded';

export interface SuccessStory {
  industry: 'Technology' | 'Healthcare' | 'Retail';
  company: string;
  /** The headline result. */
  outcome: string;
  summary: string;
  /** Supporting figures, value then label. */
  results: { value: string; label: string }[];
}

/** The home page's three success stories, chosen by dots. */
export const SUCCESS_STORIES: SuccessStory[] = [
  {
    industry: 'Technology',
    company: 'Brightpath Software',
    outcome: 'Cut support costs by 52% while moving to 24/7 coverage',
    summary:
      'A fast-growing SaaS company replaced an overstretched in-house help desk with our onshore tier-2 team and AI bots for password resets and billing questions. Customers now get answers at any hour, and the product team got its engineers back.',
    results: [
      { value: '52%', label: 'lower support costs' },
      { value: '24/7', label: 'coverage, up from business hours' },
      { value: '71%', label: 'of tickets resolved by AI' },
    ],
  },
  {
    industry: 'Healthcare',
    company: 'Harborview Family Health',
    outcome: 'Answered 98% of patient calls within 30 seconds',
    summary:
      'A network of twelve outpatient clinics moved appointment scheduling, reminders and after-hours calls to our HIPAA-trained agents. Missed calls dropped sharply, and no-show rates fell once automated reminders went out by text and voice.',
    results: [
      { value: '98%', label: 'of calls answered in 30 seconds' },
      { value: '-34%', label: 'appointment no-shows' },
      { value: '+22%', label: 'patient satisfaction' },
    ],
  },
  {
    industry: 'Retail',
    company: 'Cedar & Pine Outfitters',
    outcome: 'Handled a 3x holiday surge without hiring a single seasonal agent',
    summary:
      'An outdoor apparel retailer scaled from 8 to 40 agents across our US and Philippine teams for the holiday season, with AI handling order tracking and returns. Revenue from phone orders grew while cost per contact went down.',
    results: [
      { value: '3x', label: 'holiday volume absorbed' },
      { value: '+18%', label: 'phone-order revenue' },
      { value: '41%', label: 'lower cost per contact' },
    ],
  },
];

export interface Resource {
  kind: 'Blog' | 'Webinar' | 'Report';
  title: string;
  description: string;
  /** The link's visible text. */
  action: string;
  Icon: ComponentType<SvgIconProps>;
}

/** The home page's three resource cards, each leading to /blog. */
export const RESOURCES: Resource[] = [
  {
    kind: 'Blog',
    title: 'How to reduce customer service costs without hurting satisfaction',
    description: 'Seven proven ways to lower cost per contact while your CSAT scores go up, not down.',
    action: 'Read the article',
    Icon: Article,
  },
  {
    kind: 'Webinar',
    title: 'AI automation vs. the human touch: finding the right mix',
    description:
      'Which conversations to automate, which to keep with people, and how to hand off between them smoothly.',
    action: 'Watch the webinar',
    Icon: OndemandVideo,
  },
  {
    kind: 'Report',
    title: 'The ROI of customer service: a benchmark for US businesses',
    description:
      'The figures behind retention, lifetime value and cost per contact, and how to measure your own.',
    action: 'Read the report',
    Icon: Assessment,
  },
];
