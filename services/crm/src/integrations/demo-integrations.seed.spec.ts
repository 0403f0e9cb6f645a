import { randomUUID } from 'node:crypto';
import { demoCustomer } from '@portal/db';
import { postRawBody, startForSuite } from '@portal/testing';
import { startCrm } from '../test/crm-harness';
import { demoIntegrations, seedDemoIntegrations } from './demo-integrations.seed';
import { inboundSignatureHeader } from './inbound-signature';

const DIALER_SECRET = 'pcs_first_install_dialer_secret';

describe('demo integrations seed', () => {
  const crm = startForSuite(startCrm);
  const seed = (dialerSecret: string) => seedDemoIntegrations(crm().dataSource, crm().secrets, dialerSecret);

  it("adds the demo customer's three integrations once, secrets sealed", async () => {
    expect(await seed(DIALER_SECRET)).toBe(3);
    expect(await seed(DIALER_SECRET)).toBe(0);

    const rows = (await crm().dataSource.query(
      `SELECT id, customer_id, organization_id, type, name, is_active, access_token, row_to_json(i)::text AS text
       FROM integrations i ORDER BY created_at DESC`,
    )) as Record<string, string | boolean>[];
    expect(rows.map(({ id, type, name, is_active }) => ({ id, type, name, is_active }))).toEqual([
      {
        id: demoCustomer.dialer.integrationId,
        type: 'dialpad',
        name: 'Dialpad · Main line',
        is_active: true,
      },
      { id: demoIntegrations[1].id, type: 'hubspot', name: 'HubSpot · Sales pipeline', is_active: true },
      { id: demoIntegrations[2].id, type: 'salesforce', name: 'Salesforce · Legacy org', is_active: false },
    ]);
    for (const [index, row] of rows.entries()) {
      expect(row).toMatchObject({
        customer_id: demoCustomer.userId,
        organization_id: demoCustomer.organizationId,
      });
      const demo = demoIntegrations[index];
      expect(row.text).not.toContain(demo.apiKey);
      expect(row.text).not.toContain(DIALER_SECRET);
      expect(crm().secrets.decrypt(row.access_token as string, `integrations:${demo.id}:access_token`)).toBe(
        demo.apiKey,
      );
    }
  });

  const dialerEvent = (secret: string) => {
    const body = JSON.stringify({
      type: 'call.completed',
      data: { call_id: `demo-call-${randomUUID()}`, duration: 95 },
    });
    return postRawBody(
      `${crm().baseUrl}/api/crm/inbound/${demoCustomer.dialer.integrationId}`,
      body,
      'application/json',
      {
        'x-portal-signature': inboundSignatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      },
    );
  };

  it("accepts the runner's demo dialer events, signed with this install's secret", async () => {
    await seed(DIALER_SECRET);
    expect((await dialerEvent(DIALER_SECRET)).status).toBe(202);
  });

  it('takes the new dialer secret when the install generated another one, and refuses the old', async () => {
    await seed(DIALER_SECRET);
    expect(await seed('pcs_second_install_dialer_secret')).toBe(0);
    expect((await dialerEvent('pcs_second_install_dialer_secret')).status).toBe(202);
    expect((await dialerEvent(DIALER_SECRET)).status).toBe(401);
  });
});
