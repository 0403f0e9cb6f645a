import type { DataSource } from 'typeorm';
import { type CatalogEntry, PackagesService } from './packages.service';

/**
 * The four monthly service packages (the footer's services). Their ids are fixed: carts kept in
 * browsers name packages by id and must stay valid across re-seeds and fresh databases.
 */
export const catalog: readonly CatalogEntry[] = [
  {
    id: '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e01',
    name: 'Inbound Support',
    price: '1499.00',
    description:
      'US-managed agents answer your customers by phone, email and chat around the clock, trained on your products and working in your help desk.',
    features: [
      '24/7 phone, email and live chat coverage',
      'Agents trained on your products and tone of voice',
      'Calls answered in your help desk and CRM',
      'Escalation paths and after-hours routing you define',
      'Weekly quality reviews with call scoring',
      'Up to 60% lower cost than an in-house team',
    ],
    sortOrder: 1,
  },
  {
    id: '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e02',
    name: 'Outbound Sales',
    price: '1999.00',
    description:
      'Sales development representatives who call and follow up with your leads, qualify them and book meetings straight into your sales calendar.',
    features: [
      'Lead qualification and appointment setting',
      'Follow-up sequences by phone, SMS and email',
      'TCPA-aware dialing with opt-out handling',
      'Meetings booked into your team calendars',
      'Pipeline reporting synced to your CRM',
    ],
    sortOrder: 2,
  },
  {
    id: '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e03',
    name: 'AI Automation',
    price: '999.00',
    description:
      'AI voice and chat bots that resolve routine requests instantly and hand complex conversations to a human agent with the full context.',
    features: [
      'AI voice and chat bots for routine requests',
      'Seamless hand-off to live agents with context',
      'Knowledge base built from your help content',
      'Works with 200+ CRM, help desk and dialer integrations',
      'Automation-rate and resolution dashboards',
    ],
    sortOrder: 3,
  },
  {
    id: '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e04',
    name: 'Digital Marketing',
    price: '1299.00',
    description:
      'Campaigns that bring qualified leads to your contact center: search and social ads, email nurturing and landing pages, measured end to end.',
    features: [
      'Search and social ad campaign management',
      'Email nurturing and newsletter programs',
      'Landing pages built to convert',
      'Lead tracking from first click to closed deal',
      'Monthly performance report and strategy call',
    ],
    sortOrder: 4,
  },
];

/** Inserts the catalog, or brings existing rows back to it; other packages are left alone. */
export async function seedCatalog(dataSource: DataSource): Promise<void> {
  await new PackagesService(dataSource).upsertAll(catalog);
}
