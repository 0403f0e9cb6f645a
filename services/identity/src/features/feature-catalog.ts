/** The portal's features: what a customer's organization can be entitled to. Seeded by `seed`. */
export const FEATURE_CATALOG: ReadonlyArray<{ code: string; name: string; description: string }> = [
  {
    code: 'inbound-support',
    name: 'Inbound Support',
    description: '24/7 inbound customer support by phone, email and chat, handled by trained agents.',
  },
  {
    code: 'outbound-sales',
    name: 'Outbound Sales',
    description:
      'Outbound calling and marketing campaigns for lead generation, appointment setting and sales.',
  },
  {
    code: 'ai-automation',
    name: 'AI Automation',
    description: 'AI bots that resolve routine requests around the clock and hand complex ones to an agent.',
  },
  {
    code: 'digital-marketing',
    name: 'Digital Marketing',
    description: 'Campaigns across search, social and email that bring qualified leads to your team.',
  },
  {
    code: 'omnichannel-engagement',
    name: 'Omnichannel Engagement',
    description: 'Voice, SMS, email, chat and social conversations in one queue with shared history.',
  },
  {
    code: 'workforce-management',
    name: 'Workforce Management',
    description: 'Forecasting and scheduling that keep the right number of agents on every shift.',
  },
  {
    code: 'crm-integrations',
    name: 'CRM Integrations',
    description: 'Connect HubSpot, Salesforce or Zoho so every call and lead lands in your CRM.',
  },
  {
    code: 'dialer-integrations',
    name: 'Dialer Integrations',
    description: 'Connect Twilio, Dialpad or RingCentral to route and log calls automatically.',
  },
  {
    code: 'kpi-dashboard',
    name: 'KPI Dashboard',
    description: 'Daily calls, leads and conversions from your connected integrations, at a glance.',
  },
  {
    code: 'support-tickets',
    name: 'Support Tickets',
    description: 'Open and follow support tickets with our team from your dashboard.',
  },
];
