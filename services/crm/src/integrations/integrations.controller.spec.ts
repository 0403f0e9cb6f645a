import { randomUUID } from 'node:crypto';
import { authMessages } from '@portal/auth';
import {
  type CreateIntegrationRequest,
  type CreateIntegrationResponse,
  createIntegrationResponseSchema,
  type Integration,
  integrationListResponseSchema,
  integrationMessages,
  integrationsSummarySchema,
  teamMessages,
} from '@portal/contracts';
import { expectJsonError, postRawBody, request, type SignedInUser, startForSuite } from '@portal/testing';
import { connectIntegration } from '../test/connect-integration';
import { startCrm, testSiteUrl } from '../test/crm-harness';

describe('/api/crm/integrations', () => {
  const crm = startForSuite(startCrm);
  let alice: SignedInUser;
  let bob: SignedInUser;
  let apiKeyCount = 0;

  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    who?: SignedInUser,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => request<T>(crm().baseUrl, method, path, { ...options, token: who?.token });
  const valid = (): CreateIntegrationRequest => ({
    type: 'hubspot',
    name: 'HubSpot · Sales pipeline',
    apiKey: `pat-na1-${randomUUID()}-${++apiKeyCount}`,
    webhookUrl: 'https://hooks.example.com/portal/calls',
  });
  const create = (who: SignedInUser, body: CreateIntegrationRequest = valid()) =>
    connectIntegration(crm(), who, body);
  const list = async (who: SignedInUser, headers: Record<string, string> = {}) => {
    const response = await call<Integration[]>('GET', '/api/crm/integrations', who, { headers });
    expect(response.status).toBe(200);
    return integrationListResponseSchema.parse(response.body);
  };
  const rowOf = async (id: string) =>
    (
      (await crm().dataSource.query('SELECT * FROM integrations WHERE id = $1', [id])) as Record<
        string,
        unknown
      >[]
    )[0];
  const countRows = async () =>
    (
      (await crm().dataSource.query('SELECT count(*)::int AS count FROM integrations')) as { count: number }[]
    )[0].count;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([crm().signIn(), crm().signIn('user')]);
  });

  describe('POST', () => {
    it('creates an active integration for the caller and shows its signing secret once', async () => {
      const body = {
        ...valid(),
        name: '  HubSpot · Sales pipeline ',
        webhookUrl: ' https://hooks.example.com/a ',
      };
      const created = createIntegrationResponseSchema.parse(await create(alice, body));
      expect(created).toEqual({
        id: expect.any(String),
        name: 'HubSpot · Sales pipeline',
        type: 'hubspot',
        isActive: true,
        webhookUrl: 'https://hooks.example.com/a',
        inboundUrl: `${testSiteUrl}/api/crm/inbound/${created.id}`,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        signingSecret: expect.stringMatching(/^pcs_[A-Za-z0-9_-]{43}$/),
      });

      const row = await rowOf(created.id);
      expect(row).toMatchObject({
        customer_id: alice.id,
        organization_id: alice.organizationId,
        type: 'hubspot',
        name: 'HubSpot · Sales pipeline',
        refresh_token: null,
        is_active: true,
      });
      expect(new Date(row.created_at as string).toISOString()).toBe(created.createdAt);
      // Sealed for this row and column: the service's key opens them there.
      expect(
        crm().secrets.decrypt(row.access_token as string, `integrations:${created.id}:access_token`),
      ).toBe(body.apiKey);
      expect(
        crm().secrets.decrypt(row.signing_secret as string, `integrations:${created.id}:signing_secret`),
      ).toBe(created.signingSecret);
    });

    it('gives every integration its own signing secret', async () => {
      const [first, second] = [await create(alice), await create(alice)];
      expect(first.signingSecret).not.toBe(second.signingSecret);
    });

    it('stores an empty or blank webhook URL as none', async () => {
      for (const webhookUrl of ['', '   ', undefined]) {
        const created = await create(alice, { ...valid(), webhookUrl });
        expect(created.webhookUrl).toBeNull();
        expect((await rowOf(created.id)).webhook_url).toBeNull();
      }
    });

    it('takes each of the six types', async () => {
      for (const type of ['hubspot', 'salesforce', 'zoho', 'twilio', 'dialpad', 'ringcentral'] as const) {
        expect((await create(bob, { ...valid(), type })).type).toBe(type);
      }
    });

    const typeMessage = 'Type must be one of hubspot, salesforce, zoho, twilio, dialpad, ringcentral';
    it.each<[string, Record<string, unknown>, string]>([
      ['no type', { type: undefined }, typeMessage],
      ['an unknown type', { type: 'pipedrive' }, typeMessage],
      ['a type in capitals', { type: 'HubSpot' }, typeMessage],
      ['no name', { name: undefined }, integrationMessages.nameRequired],
      ['a blank name', { name: '   ' }, integrationMessages.nameRequired],
      ['a name over 100 characters', { name: 'n'.repeat(101) }, 'Must be at most 100 characters'],
      ['no API key', { apiKey: undefined }, integrationMessages.apiKeyRequired],
      ['a blank API key', { apiKey: ' ' }, integrationMessages.apiKeyRequired],
      [
        'a webhook URL that is not a URL',
        { webhookUrl: 'hooks.example.com' },
        integrationMessages.webhookUrlInvalid,
      ],
      [
        'an ftp webhook URL',
        { webhookUrl: 'ftp://hooks.example.com/x' },
        integrationMessages.webhookUrlInvalid,
      ],
      ['a caller-chosen state', { isActive: false }, 'Unrecognized key: "isActive"'],
      ['a caller-chosen owner', { customerId: randomUUID() }, 'Unrecognized key: "customerId"'],
    ])('refuses %s with a 400 saying why, storing nothing', async (_case, change, message) => {
      const before = await countRows();
      const response = await call('POST', '/api/crm/integrations', alice, {
        body: { ...valid(), ...change },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message });
      expect(await countRows()).toBe(before);
    });

    it('answers JSON errors to a body that is not JSON', async () => {
      const response = await postRawBody(
        `${crm().baseUrl}/api/crm/integrations`,
        'type=hubspot',
        'text/plain',
        {
          authorization: `Bearer ${alice.token}`,
        },
      );
      await expectJsonError(response, 415);
    });
  });

  describe('secrets at rest', () => {
    it('keeps the API key and signing secret out of the table and of every later answer', async () => {
      const body = valid();
      const created = await create(alice, body);
      const [{ text }] = (await crm().dataSource.query(
        'SELECT row_to_json(i)::text AS text FROM integrations i WHERE id = $1',
        [created.id],
      )) as { text: string }[];
      expect(text).toContain(created.id);
      expect(text).not.toContain(body.apiKey);
      expect(text).not.toContain(created.signingSecret);
      expect(text).not.toContain(created.signingSecret.slice(4));
      const everyRow = (
        (await crm().dataSource.query('SELECT row_to_json(i)::text AS text FROM integrations i')) as {
          text: string;
        }[]
      )
        .map((each) => each.text)
        .join('\n');
      expect(everyRow).not.toContain(body.apiKey);
      expect(everyRow).not.toContain(created.signingSecret);

      const listed = await call('GET', '/api/crm/integrations', alice);
      const answer = JSON.stringify(listed.body);
      expect(answer).toContain(created.id);
      expect(answer).not.toContain(body.apiKey);
      expect(answer).not.toContain(created.signingSecret);
      expect(answer).not.toMatch(/signingSecret|apiKey|accessToken|refreshToken|v1\./);
    });

    it('will not open a sealed value copied to another row or column', async () => {
      const [first, second] = [await create(alice), await create(alice)];
      const sealed = (await rowOf(first.id)).signing_secret as string;
      expect(() => crm().secrets.decrypt(sealed, `integrations:${second.id}:signing_secret`)).toThrow();
      expect(() => crm().secrets.decrypt(sealed, `integrations:${first.id}:access_token`)).toThrow();
    });
  });

  describe('GET', () => {
    it("lists only the caller's integrations, newest first, without secrets", async () => {
      const carol = await crm().signIn();
      const dave = await crm().signIn();
      const older = await create(carol, { ...valid(), type: 'dialpad', name: 'Dialpad · Main line' });
      const newer = await create(carol, { ...valid(), type: 'zoho', name: 'Zoho CRM', webhookUrl: '' });
      const daves = await create(dave);

      const carols = await list(carol);
      expect(carols.map((each) => each.id)).toEqual([newer.id, older.id]);
      const { signingSecret: _secret, ...olderView } = older;
      expect(carols[1]).toEqual(olderView);
      expect(carols[0]).toMatchObject({ name: 'Zoho CRM', type: 'zoho', isActive: true, webhookUrl: null });
      expect((await list(dave)).map((each) => each.id)).toEqual([daves.id]);
    });

    it('answers an empty list to a customer without integrations', async () => {
      expect(await list(await crm().signIn())).toEqual([]);
    });

    it('shows a deactivated integration as inactive', async () => {
      const erin = await crm().signIn();
      const created = await create(erin, { ...valid(), type: 'salesforce' });
      await crm().dataSource.query('UPDATE integrations SET is_active = false WHERE id = $1', [created.id]);
      expect((await list(erin))[0]).toMatchObject({ id: created.id, isActive: false });
    });

    it('writes the inbound URL on PUBLIC_SITE_URL, whatever host or scheme the request names', async () => {
      const frank = await crm().signIn();
      const created = await create(frank);
      const inboundUrl = `${testSiteUrl}/api/crm/inbound/${created.id}`;
      const forgeries: Record<string, string>[] = [
        {},
        { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.evil.example', host: 'evil.example' },
        { forwarded: 'host=evil.example;proto=javascript' },
      ];
      for (const forged of forgeries) {
        expect((await list(frank, forged)).map((each) => each.inboundUrl)).toEqual([inboundUrl]);
      }
      const createdForged = await call<CreateIntegrationResponse>('POST', '/api/crm/integrations', frank, {
        body: valid(),
        headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' },
      });
      expect(createdForged.body.inboundUrl).toBe(`${testSiteUrl}/api/crm/inbound/${createdForged.body.id}`);
    });
  });

  describe('DELETE', () => {
    it("deletes the caller's integration with a 204, after which it is gone", async () => {
      const created = await create(alice);
      const response = await fetch(`${crm().baseUrl}/api/crm/integrations/${created.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(await rowOf(created.id)).toBeUndefined();
      expect((await list(alice)).map((each) => each.id)).not.toContain(created.id);

      const again = await call('DELETE', `/api/crm/integrations/${created.id}`, alice);
      expect(again.body).toEqual({ statusCode: 404, message: integrationMessages.integrationNotFound });
    });

    it("answers another customer's integration as unknown and leaves it alone", async () => {
      const created = await create(alice);
      const response = await call('DELETE', `/api/crm/integrations/${created.id}`, bob);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: integrationMessages.integrationNotFound });
      expect(await rowOf(created.id)).toMatchObject({ customer_id: alice.id });
      expect((await list(alice)).map((each) => each.id)).toContain(created.id);
    });

    it.each([randomUUID(), 'not-a-uuid', '1'])('answers 404 for the id %s', async (id) => {
      const response = await call('DELETE', `/api/crm/integrations/${id}`, alice);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: integrationMessages.integrationNotFound });
    });
  });

  describe('access', () => {
    const routes = () =>
      [
        ['GET', '/api/crm/integrations', undefined],
        ['GET', '/api/crm/integrations/summary', undefined],
        ['POST', '/api/crm/integrations', valid()],
        ['DELETE', `/api/crm/integrations/${randomUUID()}`, undefined],
      ] as const;

    it('answers 401 without a token, or with a bad one, on every route', async () => {
      const before = await countRows();
      for (const [method, path, body] of routes()) {
        const anonymous = await request(crm().baseUrl, method, path, { body });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual({ statusCode: 401, message: authMessages.missingToken });
        const forged = await request(crm().baseUrl, method, path, { body, token: `${alice.token}x` });
        expect(forged.body).toEqual({ statusCode: 401, message: authMessages.invalidToken });
      }
      expect(await countRows()).toBe(before);
    });

    it('answers 403 to staff: integrations are the customer dashboard', async () => {
      const before = await countRows();
      for (const role of ['admin', 'crm_manager']) {
        const staff = await crm().signIn(role);
        for (const [method, path, body] of routes()) {
          const response = await call(method, path, staff, { body });
          expect(response.status).toBe(403);
          expect(response.body).toEqual({ statusCode: 403, message: authMessages.forbidden });
        }
      }
      expect(await countRows()).toBe(before);
    });
  });

  describe('in an organization of several members', () => {
    const organizationId = randomUUID();
    const memberAs = (
      orgRole: 'owner' | 'admin' | 'billing' | 'crm_manager' | 'member',
      org = organizationId,
    ) => crm().signIn('customer', { org, orgRole });

    it('shows every member who manages integrations the same ones, whoever connected them, and lets any of them delete one', async () => {
      const [owner, admin, manager] = await Promise.all([
        memberAs('owner'),
        memberAs('admin'),
        memberAs('crm_manager'),
      ]);
      const byOwner = await create(owner, { ...valid(), name: 'Connected by the owner' });
      const byManager = await create(manager, { ...valid(), name: 'Connected by the CRM manager' });
      for (const who of [owner, admin, manager]) {
        expect((await list(who)).map((each) => each.id)).toEqual([byManager.id, byOwner.id]);
      }
      expect(await rowOf(byManager.id)).toMatchObject({
        customer_id: manager.id,
        organization_id: organizationId,
      });
      expect((await call('DELETE', `/api/crm/integrations/${byOwner.id}`, admin)).status).toBe(204);
      expect((await list(owner)).map((each) => each.id)).toEqual([byManager.id]);
    });

    it("tells every role how many of the organization's integrations are configured and active, and nothing of another's", async () => {
      const summaryOf = async (who: SignedInUser) => {
        const response = await call('GET', '/api/crm/integrations/summary', who);
        expect(response.status).toBe(200);
        return integrationsSummarySchema.parse(response.body);
      };
      const organization = randomUUID();
      const founder = await memberAs('owner', organization);
      expect(await summaryOf(founder)).toEqual({ configured: 0, active: 0 });
      await create(founder);
      const paused = await create(founder, { ...valid(), type: 'salesforce' });
      await crm().dataSource.query('UPDATE integrations SET is_active = false WHERE id = $1', [paused.id]);
      for (const orgRole of ['owner', 'admin', 'billing', 'crm_manager', 'member'] as const) {
        expect(await summaryOf(await memberAs(orgRole, organization))).toEqual({ configured: 2, active: 1 });
      }
      // The same person, acting in another of their organizations, counts none of them.
      expect(
        await summaryOf(await crm().signIn('customer', { sub: founder.id, org: randomUUID(), orgRole: 'owner' })),
      ).toEqual({ configured: 0, active: 0 });
    });

    it("answers 404 to a member of another organization for every method on this one's integrations, changing nothing", async () => {
      const owner = await memberAs('owner');
      const mine = await create(owner);
      const otherOrganization = randomUUID();
      for (const outsider of [
        await memberAs('owner', otherOrganization),
        await memberAs('crm_manager', otherOrganization),
        // The same person, acting in another of their organizations.
        await crm().signIn('customer', { sub: owner.id, org: otherOrganization, orgRole: 'owner' }),
      ]) {
        expect(await call('DELETE', `/api/crm/integrations/${mine.id}`, outsider)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: integrationMessages.integrationNotFound },
        });
        expect((await list(outsider)).map((each) => each.id)).not.toContain(mine.id);
      }
      expect(await rowOf(mine.id)).toMatchObject({ organization_id: organizationId });
    });

    it('answers 403 to billing and to members, on every route, changing nothing', async () => {
      const owner = await memberAs('owner');
      const existing = await create(owner);
      const before = await countRows();
      for (const orgRole of ['billing', 'member'] as const) {
        const who = await memberAs(orgRole);
        for (const [method, path, body] of [
          ['GET', '/api/crm/integrations', undefined],
          ['POST', '/api/crm/integrations', valid()],
          ['DELETE', `/api/crm/integrations/${existing.id}`, undefined],
        ] as const) {
          expect(await call(method, path, who, { body })).toMatchObject({
            status: 403,
            body: { statusCode: 403, message: teamMessages.notAllowed },
          });
        }
      }
      expect(await countRows()).toBe(before);
      expect(await rowOf(existing.id)).toBeDefined();
    });
  });
});
