import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Email from '@mui/icons-material/EmailRounded';
import Phone from '@mui/icons-material/PhoneInTalkRounded';
import Place from '@mui/icons-material/PlaceRounded';
import Schedule from '@mui/icons-material/ScheduleRounded';

export const CONTACT_EMAIL = 'hello@millstonecx.com';

export const CONTACT_HERO = {
  eyebrow: 'Contact',
  title: "Let's talk about your customer experience",
  lead: 'Tell us about your call volumes, channels and goals. A solutions specialist will get back to you within 24 hours, or book a discovery call at a time that suits you.',
} as const;

export interface ContactDetail {
  label: string;
  text: string;
  /** A mailto: or other link for the text. */
  href?: string;
  Icon: ComponentType<SvgIconProps>;
}

export const CONTACT_DETAILS: readonly ContactDetail[] = [
  { label: 'Email', text: CONTACT_EMAIL, href: `mailto:${CONTACT_EMAIL}`, Icon: Email },
  {
    label: 'Phone',
    text: 'Available on a scheduled call: pick a time that suits you and a specialist calls you.',
    Icon: Phone,
  },
  {
    label: 'Location',
    text: 'Millstone, New Jersey. US-based management with onshore (US) and offshore (Philippines) delivery teams.',
    Icon: Place,
  },
  { label: 'Response time', text: 'We reply to every message within 24 hours.', Icon: Schedule },
];

export const CONTACT_FORM_SECTION = {
  title: 'Send us a message',
  lead: 'The more we know about your operation, the more useful our first answer will be.',
} as const;

export const SCHEDULER_SECTION = {
  eyebrow: 'Book a call',
  title: 'Schedule a discovery call',
  lead: 'Pick a time for a free call with a solutions specialist: we walk through your current setup, where automation and outsourcing can save you up to 60%, and what a launch would look like.',
  frameTitle: 'Book a discovery call with Millstone CX',
  unavailable:
    'Online booking is not available right now. Send us a message above with a few times that suit you, and we will call you at one of them.',
} as const;
