import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import SmartToy from '@mui/icons-material/SmartToyRounded';
import Forum from '@mui/icons-material/ForumRounded';
import Insights from '@mui/icons-material/InsightsRounded';
import CalendarMonth from '@mui/icons-material/CalendarMonthRounded';
import Hub from '@mui/icons-material/HubRounded';
import Layers from '@mui/icons-material/LayersRounded';

export type CapabilityId = 'ai-bots' | 'engagement' | 'analytics' | 'wfm' | 'channels' | 'platform';

export interface Capability {
  id: CapabilityId;
  /** The tab's label. */
  label: string;
  title: string;
  description: string;
  /** Exactly four, as the Platform page lists them. */
  features: [string, string, string, string];
  Icon: ComponentType<SvgIconProps>;
}

/** The platform's six capabilities: the home page's tabs and the Platform page's tabs. */
export const CAPABILITIES: Record<CapabilityId, Capability> = {
  'ai-bots': {
    id: 'ai-bots',
    label: 'AI Bots',
    title: 'AI bots that resolve, not just deflect',
    description:
      'Voice and chat bots trained on your knowledge base answer order-status, billing and scheduling questions instantly, day and night, and hand complex conversations to a live agent with the full context attached.',
    features: [
      'Natural-language voice and chat in English and Spanish',
      'Trained on your help articles, policies and order data',
      'Warm handoff to an agent with the transcript attached',
      'Up to 85% of routine requests automated',
    ],
    Icon: SmartToy,
  },
  engagement: {
    id: 'engagement',
    label: 'Engagement',
    title: 'Proactive engagement that keeps customers coming back',
    description:
      'Reach customers before they reach you: order updates, appointment reminders, renewal offers and win-back campaigns, sent on the channel each customer prefers and answered by the same team.',
    features: [
      'Outbound call, SMS and email campaigns',
      'Automated reminders and follow-ups',
      'Customer-preference and opt-out management',
      'Post-interaction surveys that feed your NPS',
    ],
    Icon: Forum,
  },
  analytics: {
    id: 'analytics',
    label: 'Analytics',
    title: 'Analytics that show what every conversation is worth',
    description:
      'Live dashboards track volumes, handle times, first-call resolution, conversions and satisfaction across every channel, so you see the return on your customer service in numbers, not anecdotes.',
    features: [
      'Real-time dashboards for every queue and channel',
      'Call recording and conversation search',
      'Sentiment and topic trends from every interaction',
      'Scheduled reports delivered to your inbox',
    ],
    Icon: Insights,
  },
  wfm: {
    id: 'wfm',
    label: 'WFM',
    title: 'Workforce management that matches staff to demand',
    description:
      'Forecasting and scheduling built on your own history put the right number of agents on every shift, across our US and Philippine teams, so wait times stay short without paying for idle seats.',
    features: [
      'Volume forecasting by hour, day and season',
      'Shift scheduling across time zones',
      'Real-time adherence and queue monitoring',
      'Surge staffing for launches and peak seasons',
    ],
    Icon: CalendarMonth,
  },
  channels: {
    id: 'channels',
    label: 'Channels',
    title: 'Every channel, one conversation',
    description:
      'Phone, email, live chat, SMS and social messages land in one queue with one customer history, so customers never repeat themselves and agents always know what was said before.',
    features: [
      'Voice, email, live chat, SMS and social messaging',
      'One customer history across every channel',
      'Smart routing by skill, language and priority',
      '24/7 coverage on every channel you choose',
    ],
    Icon: Hub,
  },
  platform: {
    id: 'platform',
    label: 'Platform',
    title: 'A secure platform that fits the tools you already use',
    description:
      'Our cloud contact-center platform connects to your CRM, help desk and e-commerce stack, is built for 99.9% uptime (measured on our public status page) and keeps your customer data protected at every step.',
    features: [
      '200+ integrations, including HubSpot, Salesforce and Zoho',
      'A 99.9% uptime target, monitored around the clock',
      'Encrypted data in transit and at rest',
      'REST API and webhooks for custom workflows',
    ],
    Icon: Layers,
  },
};

/** The home page's tabs, AI Bots first. */
export const HOME_CAPABILITY_ORDER: CapabilityId[] = [
  'ai-bots',
  'engagement',
  'analytics',
  'platform',
  'channels',
  'wfm',
];

/** The Platform page's tabs. */
export const PLATFORM_CAPABILITY_ORDER: CapabilityId[] = [
  'ai-bots',
  'engagement',
  'analytics',
  'wfm',
  'channels',
  'platform',
];

export const isCapabilityId = (value: string): value is CapabilityId => Object.hasOwn(CAPABILITIES, value);
