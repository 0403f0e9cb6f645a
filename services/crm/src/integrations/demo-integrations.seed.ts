import type { IntegrationType } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '@portal/auth';
import { newSigningSecret } from './integration-secrets';
import { IntegrationsService } from './integrations.service';

interface DemoIntegration {
  id: string;
  type: IntegrationType;
  name: string;
  /** Made up: the demo never calls the provider. */
  apiKey: string;
  webhookUrl: string | null;
  isActive: boolean;
  /** How long ago it was connected, so the list reads in a stable order. */
  connectedDaysAgo: number;
}

/** The demo customer's integrations (README "Demo customer"): fixed ids, so seeding twice adds nothing. */
export const demoIntegrations: readonly DemoIntegration[] = [
  {
    id: demoCustomer.dialer.integrationId,
    type: 'dialpad',
    name: 'Dialpad · Main line',
    apiKey: 'dp_demo_2f6c1a9e4b7d4c0e8a1f5b3d9c7e6a20',
    webhookUrl: null,
    isActive: true,
    connectedDaysAgo: 14,
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000102',
    type: 'hubspot',
    name: 'HubSpot · Sales pipeline',
    apiKey: 'pat-na1-demo0000-7c1e-4b2a-9f3d-5e8a6c4b2d10',
    webhookUrl: 'https://hooks.averyhomeservices.example/hubspot',
    isActive: true,
    connectedDaysAgo: 30,
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000103',
    type: 'salesforce',
    name: 'Salesforce · Legacy org',
    apiKey: '00Ddemo000000000!AQ4AQDemoOnlyNotARealSalesforceToken',
    webhookUrl: null,
    isActive: false,
    connectedDaysAgo: 60,
  },
];

/**
 * Adds the demo customer's integrations that are not there yet, secrets sealed; returns how many it
 * added. The dialer signs with `dialerSigningSecret`, the one the runner generated for this install
 * and signs its demo events with (kept in step when the install generated another one); the others
 * get a random one, as a real integration does.
 */
export async function seedDemoIntegrations(
  dataSource: DataSource,
  box: SecretBox,
  dialerSigningSecret: string,
): Promise<number> {
  const integrations = new IntegrationsService(dataSource, box);
  let added = 0;
  for (const demo of demoIntegrations) {
    const isDialer = demo.id === demoCustomer.dialer.integrationId;
    const signingSecret = isDialer ? dialerSigningSecret : newSigningSecret();
    const inserted = await integrations.addIfMissing({
      ...demo,
      customerId: demoCustomer.userId,
      organizationId: demoCustomer.organizationId,
      signingSecret,
    });
    if (inserted) added += 1;
    else if (isDialer) await integrations.keepSigningSecret(demo.id, signingSecret);
  }
  return added;
}
