import {
  accessTokenClaimsSchema,
  loginResponseSchema,
  meResponseSchema,
  membershipChangedDataSchema,
  myOrganizationsResponseSchema,
  type OrgRole,
  subjects,
  teamMessages,
} from '@portal/contracts';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { decodeJwt } from 'jose';
import { ensureStaffAccount } from '../staff/staff-account';
import { registerCustomer, signIn } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';
import { MembershipsService } from './memberships.service';

describe('organizations with members: tokens, the session check and the organization routes', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const memberships = () => harness().app.get(MembershipsService);
  const inTransaction = <T>(
    work: (service: MembershipsService, manager: import('typeorm').EntityManager) => Promise<T>,
  ) => harness().dataSource.transaction((manager) => work(memberships(), manager));

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    request(harness().baseUrl, method, path, { token, body });
  const claimsOf = (token: string) => accessTokenClaimsSchema.parse(decodeJwt(token));
  const orgOf = async (token: string) =>
    (await call('GET', '/api/auth/me', token)).body.organizationId as string;

  async function customer(name: string) {
    const registered = await registerCustomer(harness(), { name, email: uniqueEmail('member') });
    return { ...registered, organizationId: await orgOf(registered.token) };
  }
  const join = (organizationId: string, userId: string, role: OrgRole) =>
    inTransaction((service, manager) => service.add(manager, { organizationId, userId, role }));

  const membershipChanged = { statusCode: 401, message: teamMessages.membershipChanged };

  it('signs a new customer up as the owner of their organization, and the token says so', async () => {
    const ada = await customer('Ada Owner');
    const me = meResponseSchema.parse((await call('GET', '/api/auth/me', ada.token)).body);
    expect(me).toMatchObject({ organizationName: 'Ada Owner', orgRole: 'owner' });
    const membership = await memberships().find(me.organizationId!, ada.id);
    expect(claimsOf(ada.token)).toMatchObject({
      org: me.organizationId,
      orgRole: 'owner',
      mv: membership!.version,
    });
  });

  it('refuses the token of a changed membership at once (401), and POST /api/auth/token gives a current one', async () => {
    const owner = await customer('Owner Of Team');
    const bo = await customer('Bo Member');
    await join(owner.organizationId, bo.id, 'member');
    const { token } = loginResponseSchema.parse(
      (await call('POST', '/api/auth/token', bo.token, { organizationId: owner.organizationId })).body,
    );
    expect(claimsOf(token)).toMatchObject({ org: owner.organizationId, orgRole: 'member' });
    expect((await call('GET', '/api/auth/me', token)).body).toMatchObject({ orgRole: 'member' });

    await inTransaction((service, manager) =>
      service.changeRole(manager, owner.organizationId, bo.id, 'billing'),
    );
    expect((await call('GET', '/api/auth/me', token)).body).toEqual(membershipChanged);
    // The changed member's other organization (their own) is not affected.
    expect((await call('GET', '/api/auth/me', bo.token)).status).toBe(200);

    const renewed = await call('POST', '/api/auth/token', token, {});
    expect(renewed.status).toBe(200);
    const current = loginResponseSchema.parse(renewed.body);
    expect(current.user).toEqual({ id: bo.id, name: 'Bo Member', email: bo.email, role: 'customer' });
    expect(claimsOf(current.token)).toMatchObject({
      sid: claimsOf(token).sid,
      org: owner.organizationId,
      orgRole: 'billing',
    });
    expect((await call('GET', '/api/auth/me', current.token)).body).toMatchObject({
      organizationId: owner.organizationId,
      organizationName: 'Owner Of Team',
      orgRole: 'billing',
    });
  });

  it("after a removal, the old token is refused and the next one acts in the member's remaining organization", async () => {
    const owner = await customer('Removing Owner');
    const cy = await customer('Cy Removed');
    await join(owner.organizationId, cy.id, 'admin');
    const { token } = (
      await call('POST', '/api/auth/token', cy.token, { organizationId: owner.organizationId })
    ).body as {
      token: string;
    };
    await inTransaction((service, manager) => service.remove(manager, owner.organizationId, cy.id));
    expect((await call('GET', '/api/auth/me', token)).body).toEqual(membershipChanged);
    const events = await harness().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'userId' = $2 AND data->>'organizationId' = $3 ORDER BY seq`,
      [subjects.membershipChanged, cy.id, owner.organizationId],
    );
    const [added, removed] = events.map((row: { data: unknown }) =>
      membershipChangedDataSchema.parse(row.data),
    );
    expect(added).toMatchObject({ role: 'admin', claimsLegacyData: false });
    expect(removed).toMatchObject({ role: null });
    expect(removed!.version).toBeGreaterThan(added!.version);

    const renewed = loginResponseSchema.parse((await call('POST', '/api/auth/token', token)).body);
    expect(claimsOf(renewed.token)).toMatchObject({ org: cy.organizationId, orgRole: 'owner' });
    // Asking for the organization they were removed from: 404, as for any organization not theirs.
    const refused = await call('POST', '/api/auth/token', renewed.token, {
      organizationId: owner.organizationId,
    });
    expect(refused.body).toEqual({ statusCode: 404, message: 'Organization not found' });
  });

  it('gives a customer with no membership left a token acting in no organization', async () => {
    const dee = await customer('Dee Alone');
    await inTransaction((service, manager) => service.remove(manager, dee.organizationId, dee.id));
    expect((await call('GET', '/api/auth/me', dee.token)).body).toEqual(membershipChanged);
    const renewed = loginResponseSchema.parse((await call('POST', '/api/auth/token', dee.token, {})).body);
    expect(claimsOf(renewed.token)).toMatchObject({ org: null, orgRole: null, mv: 0 });
    expect((await call('GET', '/api/auth/me', renewed.token)).body).toMatchObject({
      organizationId: null,
      organizationName: null,
      orgRole: null,
    });
    // A new sign-in too.
    expect(claimsOf(await signIn(harness(), dee.email, dee.password))).toMatchObject({ org: null, mv: 0 });
  });

  it('signs in to the organization used last while still a member there, else to the first by name', async () => {
    const eve = await customer('Eve Switcher');
    const zed = await customer('Zed Organization');
    const abe = await customer('Abe Organization');
    await join(zed.organizationId, eve.id, 'member');
    await join(abe.organizationId, eve.id, 'crm_manager');

    const switched = await call('POST', '/api/auth/token', eve.token, { organizationId: zed.organizationId });
    expect(claimsOf(switched.body.token as string)).toMatchObject({
      org: zed.organizationId,
      orgRole: 'member',
    });
    expect(claimsOf(await signIn(harness(), eve.email, eve.password)).org).toBe(zed.organizationId);

    await inTransaction((service, manager) => service.remove(manager, zed.organizationId, eve.id));
    await inTransaction((service, manager) => service.remove(manager, eve.organizationId, eve.id));
    expect(claimsOf(await signIn(harness(), eve.email, eve.password))).toMatchObject({
      org: abe.organizationId,
      orgRole: 'crm_manager',
    });
  });

  it('lists the caller’s organizations by name with their role in each', async () => {
    const fay = await customer('Fay Member');
    const other = await customer('Acme Other');
    await join(other.organizationId, fay.id, 'billing');
    const response = await call('GET', '/api/organizations', fay.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(myOrganizationsResponseSchema.parse(response.body)).toEqual({
      organizations: [
        { id: other.organizationId, name: 'Acme Other', role: 'billing' },
        { id: fay.organizationId, name: 'Fay Member', role: 'owner' },
      ],
    });
    expect((await call('GET', '/api/organizations')).status).toBe(401);
  });

  it('creates an organization with the caller as owner and answers a token acting in it (201)', async () => {
    const gus = await customer('Gus Founder');
    const created = await call('POST', '/api/organizations', gus.token, { name: '  Second Venture  ' });
    expect(created.status).toBe(201);
    const { token, user } = loginResponseSchema.parse(created.body);
    expect(user.id).toBe(gus.id);
    const me = meResponseSchema.parse((await call('GET', '/api/auth/me', token)).body);
    expect(me).toMatchObject({ organizationName: 'Second Venture', orgRole: 'owner' });
    expect(me.organizationId).not.toBe(gus.organizationId);
    const [event] = await harness().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'organizationId' = $2`,
      [subjects.organizationCreated, me.organizationId],
    );
    expect(event.data).toMatchObject({ name: 'Second Venture' });
    // The new organization is the one used last: the next sign-in starts there.
    expect(claimsOf(await signIn(harness(), gus.email, gus.password)).org).toBe(me.organizationId);

    expect((await call('POST', '/api/organizations', gus.token, { name: '   ' })).body).toEqual({
      statusCode: 400,
      message: 'Organization name is required',
    });
    expect((await call('POST', '/api/organizations', gus.token, { name: 'X', planId: 'free' })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/organizations', undefined, { name: 'X' })).status).toBe(401);
  });

  it('validates POST /api/auth/token: unknown fields and bad ids are 400, no session is 401', async () => {
    const hal = await customer('Hal Validator');
    expect((await call('POST', '/api/auth/token', hal.token, { organizationId: 'nope' })).body).toEqual({
      statusCode: 400,
      message: 'Organization not found',
    });
    expect((await call('POST', '/api/auth/token', hal.token, { org: hal.organizationId })).status).toBe(400);
    expect((await call('POST', '/api/auth/token')).status).toBe(401);
    // Without a body: the current organization.
    const bare = await call('POST', '/api/auth/token', hal.token);
    expect(claimsOf(bare.body.token as string).org).toBe(hal.organizationId);
    // A signed-out session gets nothing, stale membership or not.
    expect((await call('POST', '/api/auth/logout', hal.token)).status).toBe(204);
    expect((await call('POST', '/api/auth/token', hal.token, {})).body).toEqual({
      statusCode: 401,
      message: 'Invalid or expired token',
    });
  });

  it('gives staff no organization and refuses them a new one (403)', async () => {
    const email = uniqueEmail('staff');
    await ensureStaffAccount(harness().dataSource, {
      email,
      password: 'staff password 17',
      name: 'Staff Person',
    });
    const token = await signIn(harness(), email, 'staff password 17');
    expect(claimsOf(token)).toMatchObject({ role: 'admin', org: null, orgRole: null, mv: 0 });
    expect((await call('GET', '/api/organizations', token)).body).toEqual({ organizations: [] });
    expect((await call('POST', '/api/organizations', token, { name: 'Staff Co' })).status).toBe(403);
    // Even with a membership left from before they were made staff: the company's role acts in none.
    const [{ id: staffId }] = await harness().dataSource.query(
      'SELECT id FROM public_users WHERE email = $1',
      [email],
    );
    const someone = await customer('Former Colleague Co');
    await join(someone.organizationId, staffId, 'admin');
    expect(claimsOf(await signIn(harness(), email, 'staff password 17'))).toMatchObject({ org: null, mv: 0 });
    const switched = await call('POST', '/api/auth/token', token, { organizationId: someone.organizationId });
    expect(switched.body).toEqual({ statusCode: 404, message: 'Organization not found' });
  });

  it('refuses to add a member twice (409), with nothing written', async () => {
    const ivy = await customer('Ivy Twice');
    await expect(join(ivy.organizationId, ivy.id, 'member')).rejects.toMatchObject({
      response: { statusCode: 409, message: teamMessages.alreadyMember },
    });
    expect((await memberships().find(ivy.organizationId, ivy.id))?.role).toBe('owner');
  });

  it('serializes two removals of owners at once: the organization keeps one (countOwners locks it)', async () => {
    const jo = await customer('Jo Owner');
    const kit = await customer('Kit Owner');
    await join(jo.organizationId, kit.id, 'owner');
    const removeIfNotLast = (userId: string) =>
      inTransaction(async (service, manager) => {
        const owners = await service.countOwners(manager, jo.organizationId);
        // Both have read before either writes, without the lock.
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (owners <= 1) throw new Error(teamMessages.lastOwner);
        await service.remove(manager, jo.organizationId, userId);
      });
    const outcomes = await Promise.allSettled([removeIfNotLast(jo.id), removeIfNotLast(kit.id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const owners = await harness().dataSource.query(
      `SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'owner'`,
      [jo.organizationId],
    );
    expect(owners).toHaveLength(1);
  });
});
