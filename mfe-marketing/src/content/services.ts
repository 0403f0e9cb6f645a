import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import HeadsetMic from '@mui/icons-material/HeadsetMicRounded';
import TrendingUp from '@mui/icons-material/TrendingUpRounded';
import AutoAwesome from '@mui/icons-material/AutoAwesomeRounded';
import Campaign from '@mui/icons-material/CampaignRounded';
import Savings from '@mui/icons-material/SavingsRounded';
import AccessTime from '@mui/icons-material/AccessTimeRounded';
import Flag from '@mui/icons-material/FlagRounded';
import CloudDone from '@mui/icons-material/CloudDoneRounded';
import Extension from '@mui/icons-material/ExtensionRounded';
import EventRepeat from '@mui/icons-material/EventRepeatRounded';

export interface Service {
  /** Anchor of the service's section on /services. */
  id: string;
  /** As the footer's Services column names it. */
  name: string;
  summary: string;
  description: string;
  features: string[];
  benefits: string[];
  Icon: ComponentType<SvgIconProps>;
}

/** The four services, in the footer's order. */
export const SERVICES: Service[] = [
  {
    id: 'inbound-support',
    name: 'Inbound Support',
    summary: 'Every call, chat and email answered by trained agents, 24/7.',
    description:
      'Our agents become an extension of your brand: they learn your products, follow your policies and resolve questions on the first contact, on phone, email, chat and social, around the clock.',
    features: [
      '24/7 phone, email, live chat and social support',
      'Tier-1 and tier-2 technical support',
      'Order management, returns and billing inquiries',
      'Dedicated agents trained on your products and tone',
    ],
    benefits: [
      'Up to 60% lower cost than an in-house team',
      '97% first-call resolution',
      'No more missed calls after hours or at peak times',
    ],
    Icon: HeadsetMic,
  },
  {
    id: 'outbound-sales',
    name: 'Outbound Sales',
    summary: 'Lead qualification, appointment setting and sales calls that convert.',
    description:
      'Experienced sales development reps follow up on every lead while it is still warm, qualify it against your criteria and book meetings straight into your team’s calendars.',
    features: [
      'Lead qualification and appointment setting',
      'Warm-lead follow-up within minutes',
      'Upsell, cross-sell and renewal campaigns',
      'Scripts and call flows written with your sales team',
    ],
    benefits: [
      'More qualified meetings for your closers',
      'A predictable pipeline without new headcount',
      'Every call recorded and scored for quality',
    ],
    Icon: TrendingUp,
  },
  {
    id: 'ai-automation',
    name: 'AI Automation',
    summary: 'AI bots for routine requests, with a human one click away.',
    description:
      'Voice and chat bots handle order status, scheduling, password resets and FAQs instantly, and pass anything complex to a live agent with the whole conversation attached.',
    features: [
      'Voice and chat bots trained on your knowledge base',
      'Automated order status, scheduling and FAQs',
      'Warm handoff to live agents with full context',
      'Connects to your CRM and help desk',
    ],
    benefits: [
      'Up to 85% of routine requests automated',
      'Instant answers at any hour',
      'Agents free to focus on high-value conversations',
    ],
    Icon: AutoAwesome,
  },
  {
    id: 'digital-marketing',
    name: 'Digital Marketing',
    summary: 'Campaigns that bring in customers, and a team ready to answer them.',
    description:
      'Email, SMS and social campaigns planned, run and measured by specialists who work hand in hand with your support and sales teams, so every new lead gets a fast reply.',
    features: [
      'Email and SMS campaigns with compliant opt-outs',
      'Social media management and community replies',
      'Landing pages and lead-capture forms',
      'Monthly performance reports with clear next steps',
    ],
    benefits: [
      'More leads, followed up within minutes',
      'One partner for marketing, sales and support',
      'Spend tied to measurable results',
    ],
    Icon: Campaign,
  },
];

export interface Reason {
  title: string;
  text: string;
  Icon: ComponentType<SvgIconProps>;
}

/** 'Why Choose' on /services. */
export const WHY_CHOOSE_REASONS: Reason[] = [
  {
    title: 'Up to 60% savings',
    text: 'Pay for the coverage you need, not for recruiting, training, office space and turnover.',
    Icon: Savings,
  },
  {
    title: '24/7 coverage',
    text: 'Customers reach a trained person or a capable bot at any hour, holidays included.',
    Icon: AccessTime,
  },
  {
    title: 'US-based management',
    text: 'Your account is run from Millstone, New Jersey, with onshore and offshore (Philippines) teams.',
    Icon: Flag,
  },
  {
    title: '99.9% uptime target',
    text: 'A cloud contact-center platform monitored around the clock, with redundancy built in and its measured uptime on our status page.',
    Icon: CloudDone,
  },
  {
    title: '200+ integrations',
    text: 'We work inside your CRM, help desk and e-commerce tools, so nothing changes for your team.',
    Icon: Extension,
  },
  {
    title: 'Month-to-month terms',
    text: 'No long-term contracts and no hidden fees: scale up or down as your business changes.',
    Icon: EventRepeat,
  },
];
