import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import WorkspacePremium from '@mui/icons-material/WorkspacePremiumRounded';
import Handshake from '@mui/icons-material/HandshakeRounded';
import VerifiedUser from '@mui/icons-material/VerifiedUserRounded';
import Lightbulb from '@mui/icons-material/LightbulbRounded';

/** The company's figures, as every page states them. */
export const COMPANY_STATS = [
  { value: '500+', label: 'Clients served' },
  { value: '2M+', label: 'Calls handled' },
  { value: '99.9%', label: 'Uptime target' },
  { value: '60%', label: 'Average savings' },
] as const;

export const MISSION =
  'To give every US business, whatever its size, customer service its customers rave about, at a cost it can afford, by pairing skilled people with practical AI.';

export const VISION =
  'A world where no customer waits on hold, no call goes unanswered, and great service is a growth engine rather than a cost center.';

export const WHY_NEW_JERSEY = {
  lead: 'Our management team works from Millstone, New Jersey, in the heart of the New York–Philadelphia corridor. Our onshore (US) and offshore (Philippines) delivery teams answer to it.',
  points: [
    {
      title: 'US-based accountability',
      text: 'Your account manager, quality team and escalation contacts work US business hours in Eastern Time, and you can always meet them in person.',
    },
    {
      title: 'Onshore and offshore, one standard',
      text: 'US and Philippine agents are hired, trained and scored against the same playbook, so quality holds whichever team picks up.',
    },
    {
      title: 'Follow-the-sun coverage',
      text: 'Teams on both sides of the Pacific give you true 24/7 coverage without overnight shifts burning anyone out.',
    },
    {
      title: 'US privacy and contract law',
      text: 'Agreements are governed by New Jersey law, and your customer data is handled under US privacy standards.',
    },
  ],
} as const;

export interface CoreValue {
  name: 'Excellence' | 'Partnership' | 'Integrity' | 'Innovation';
  text: string;
  Icon: ComponentType<SvgIconProps>;
}

export const CORE_VALUES: CoreValue[] = [
  {
    name: 'Excellence',
    text: 'We measure every interaction and coach every agent, because 97% first-call resolution does not happen by accident.',
    Icon: WorkspacePremium,
  },
  {
    name: 'Partnership',
    text: 'We learn your business like insiders and share the numbers openly, so your goals become ours.',
    Icon: Handshake,
  },
  {
    name: 'Integrity',
    text: 'Clear pricing with no hidden fees, honest reporting, and customer data treated as if it were our own.',
    Icon: VerifiedUser,
  },
  {
    name: 'Innovation',
    text: 'We put AI to work where it helps customers most, and keep people where the human touch matters.',
    Icon: Lightbulb,
  },
];

export interface Leader {
  name: string;
  role: string;
  bio: string;
}

export const LEADERSHIP_TEAM: Leader[] = [
  {
    name: 'Michael Donnelly',
    role: 'Chief Executive Officer',
    bio: 'Twenty years running contact centers for US retailers and insurers; founded the company to make enterprise-grade service affordable for growing businesses.',
  },
  {
    name: 'Angela Reyes',
    role: 'Chief Operations Officer',
    bio: 'Leads our US and Philippine delivery teams; previously built a 1,200-seat operation in Manila from the ground up.',
  },
  {
    name: 'David Kim',
    role: 'Chief Technology Officer',
    bio: 'Heads the platform and AI automation practice; former engineering lead at a cloud contact-center software company.',
  },
];

/** /about-us: why businesses choose us. */
export const WHY_CHOOSE_US = [
  {
    title: '60% cost reduction',
    text: 'On average, compared with running the same coverage in-house.',
  },
  { title: '24/7 support', text: 'Every day of the year, holidays included, on every channel you choose.' },
  {
    title: 'AI automation',
    text: 'Bots resolve routine requests instantly and hand the rest to people with full context.',
  },
  {
    title: 'Scalable',
    text: 'Add agents for a launch or a holiday peak within days, and scale back on month-to-month terms.',
  },
  {
    title: 'US-based management',
    text: 'Your account is managed from Millstone, New Jersey, by people who answer the phone.',
  },
] as const;
