export interface Position {
  title:
    | 'Customer Service Representative'
    | 'AI Automation Specialist'
    | 'Sales Development Representative'
    | 'Team Lead - Operations';
  department: string;
  location: string;
  type: 'Full-time';
  summary: string;
  requirements: string[];
}

/** The four open positions the careers page lists. */
export const POSITIONS: Position[] = [
  {
    title: 'Customer Service Representative',
    department: 'Customer Support',
    location: 'Remote (US)',
    type: 'Full-time',
    summary:
      'Answer calls, chats and emails for the brands we support, solve problems on the first contact and turn frustrated customers into loyal ones.',
    requirements: [
      'High school diploma or equivalent',
      '1+ year in customer service, retail or hospitality',
      'Clear, friendly written and spoken English',
      'Comfortable with CRM and help-desk software',
    ],
  },
  {
    title: 'AI Automation Specialist',
    department: 'Technology',
    location: 'Millstone, NJ (hybrid)',
    type: 'Full-time',
    summary:
      'Design, train and tune the voice and chat bots that resolve routine requests for our clients, and measure how well they hand off to agents.',
    requirements: [
      '2+ years building chatbots, IVR flows or conversational AI',
      'Experience with REST APIs and webhooks',
      'Working knowledge of JavaScript or Python',
      'Able to turn conversation data into clear improvements',
    ],
  },
  {
    title: 'Sales Development Representative',
    department: 'Sales',
    location: 'Millstone, NJ',
    type: 'Full-time',
    summary:
      'Qualify inbound leads, run outbound campaigns for our clients and book meetings that turn into revenue.',
    requirements: [
      '1+ year in inside sales, lead qualification or appointment setting',
      'Confident on the phone and persuasive in writing',
      'Organized with a CRM such as HubSpot or Salesforce',
      'Motivated by clear targets and fast feedback',
    ],
  },
  {
    title: 'Team Lead - Operations',
    department: 'Operations',
    location: 'Manila, Philippines',
    type: 'Full-time',
    summary:
      'Lead a team of 12 to 15 agents: coach on quality, manage schedules and adherence, and report results to our US management team.',
    requirements: [
      '3+ years in a contact center, 1+ year leading a team',
      'Hands-on with workforce management and quality scoring',
      'Strong coaching and communication skills',
      'Available for rotating shifts that support 24/7 coverage',
    ],
  },
];

/** The four-step hiring process. */
export const HIRING_STEPS = [
  {
    title: 'Apply',
    text: 'Send your application for the role. It takes about five minutes, and a recruiter reads every one.',
  },
  {
    title: 'Phone screen',
    text: 'A 20-minute call within a week to talk about your experience, the role and your schedule.',
  },
  {
    title: 'Interview',
    text: 'Meet your future team lead, with a short role-play or skills exercise for the position.',
  },
  {
    title: 'Offer and onboarding',
    text: 'A written offer, then paid training that prepares you for your first day on the floor.',
  },
] as const;
