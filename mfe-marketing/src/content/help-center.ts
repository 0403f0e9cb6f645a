import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { HelpCategoryId } from '@portal/help-center';
import RocketLaunch from '@mui/icons-material/RocketLaunchRounded';
import CreditCard from '@mui/icons-material/CreditCardRounded';
import Build from '@mui/icons-material/BuildRounded';
import Extension from '@mui/icons-material/ExtensionRounded';
import ManageAccounts from '@mui/icons-material/ManageAccountsRounded';
import MonitorHeart from '@mui/icons-material/MonitorHeartRounded';
import Code from '@mui/icons-material/CodeRounded';
import SupportAgent from '@mui/icons-material/SupportAgentRounded';
import PlayCircle from '@mui/icons-material/PlayCircleRounded';
import Email from '@mui/icons-material/EmailRounded';
import Phone from '@mui/icons-material/PhoneInTalkRounded';
import Chat from '@mui/icons-material/ChatRounded';

type Icon = ComponentType<SvgIconProps>;

/** The icon of each help category; the categories and their articles are @portal/help-center's. */
export const HELP_CATEGORY_ICONS: Record<HelpCategoryId, Icon> = {
  'getting-started': RocketLaunch,
  billing: CreditCard,
  technical: Build,
  integration: Extension,
  account: ManageAccounts,
};

/** Quick links of the help center; the one without a page yet is shown as coming soon. */
export interface QuickLink {
  title: string;
  description: string;
  href?: string;
  Icon: Icon;
}

export const QUICK_LINKS: readonly QuickLink[] = [
  {
    title: 'Service Status',
    description: 'Live platform status and incident updates',
    href: '/status',
    Icon: MonitorHeart,
  },
  {
    title: 'API Documentation',
    description: 'Endpoints, webhooks and code samples',
    href: '/docs',
    Icon: Code,
  },
  {
    title: 'Contact Support',
    description: 'Send us a message, we reply fast',
    href: '/contact',
    Icon: SupportAgent,
  },
  { title: 'Video Tutorials', description: 'Step-by-step product walkthroughs', Icon: PlayCircle },
];

export interface SupportChannel {
  title: string;
  availability: string;
  description: string;
  Icon: Icon;
}

export const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    title: 'Email Support',
    availability: '2-hour response',
    description: 'Write to our support team and get an answer within 2 hours.',
    Icon: Email,
  },
  {
    title: 'Phone Support',
    availability: '24/7',
    description: 'Talk to a specialist any time, day or night, holidays included.',
    Icon: Phone,
  },
  {
    title: 'Live Chat',
    availability: 'Instant',
    description: 'Chat with us from your customer dashboard and get help instantly.',
    Icon: Chat,
  },
];
