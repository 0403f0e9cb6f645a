import { randomUUID } from 'node:crypto';
import {
  customerMatchResponseSchema,
  staffCustomerMessages,
  staffOrganizationDetailSchema,
  staffOrganizationListResponseSchema,
  staffUserLookupResponseSchema,
} from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { type RegisteredCustomer, signInStaff } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';
import { addMember, signUpOwner } from '../test/team-helpers';

describe('staff customers: /api/identity/staff', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  let staff: RegisteredCustomer;

  const call = (path: string, token: string | undefined = staff.token) =>
    request<Record<string, unknown>>(harness().baseUrl, 'GET', path, { token });
  const rename = (organizationId: string, name: string) =>
    harness().dataSource.query('UPDATE organizations SET name = $2 WHERE id = $1', [organizationId, name]);

  beforeAll(async () => {
    staff = await signInStaff(harness());
  });

  it('lists organizations newest first with plan, member count and owner; pages with the cursor', async () => {
    const tag = randomUUID().slice(0, 8);
    const owners = [];
    for (const name of ['Ana Ruiz', 'Bea Diaz', 'Cy Moss']) {
      const owner = await signUpOwner(harness(), name);
      await rename(owner.organizationId, `Org ${tag} ${name}`);
      owners.push(owner);
    }
    await addMember(harness(), owners[2]!.token, 'billing', 'Dee Park');

    const first = await call(`/api/identity/staff/organizations?q=${tag}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page1 = staffOrganizationListResponseSchema.parse(first.body);
    expect(page1.organizations.map((each) => each.id)).toEqual([owners[2]!.organizationId, owners[1]!.organizationId]);
    expect(page1.organizations[0]).toMatchObject({
      name: `Org ${tag} Cy Moss`,
      planId: 'scale',
      memberCount: 2,
      owner: { userId: owners[2]!.id, name: 'Cy Moss', email: owners[2]!.email },
    });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = staffOrganizationListResponseSchema.parse(
      (await call(`/api/identity/staff/organizations?q=${tag}&limit=2&cursor=${page1.nextCursor}`)).body,
    );
    expect(page2.organizations.map((each) => each.id)).toEqual([owners[0]!.organizationId]);
    expect(page2.nextCursor).toBeNull();

    // A member's email finds their organization too.
    const byMember = staffOrganizationListResponseSchema.parse(
      (await call(`/api/identity/staff/organizations?q=${encodeURIComponent(owners[1]!.email.toUpperCase())}`)).body,
    );
    expect(byMember.organizations.map((each) => each.id)).toEqual([owners[1]!.organizationId]);
  });

  it('shows an organization with its members, owner first', async () => {
    const owner = await signUpOwner(harness(), 'Zed Owner');
    const member = await addMember(harness(), owner.token, 'member', 'Al Member');
    const response = await call(`/api/identity/staff/organizations/${owner.organizationId}`);
    expect(response.status).toBe(200);
    const detail = staffOrganizationDetailSchema.parse(response.body);
    expect(detail.members.map((each) => [each.name, each.role, each.email])).toEqual([
      ['Zed Owner', 'owner', owner.email],
      ['Al Member', 'member', member.email],
    ]);
    expect(detail.members[1]).toMatchObject({ userId: member.id, emailVerified: true });
    expect(detail.members[0]).toMatchObject({ emailVerified: false });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);
  });

  it('answers 404 for an unknown or malformed organization id, 400 for a made-up cursor', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect(await call(`/api/identity/staff/organizations/${id}`)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: staffCustomerMessages.organizationNotFound },
      });
    }
    expect(await call('/api/identity/staff/organizations?cursor=xyz')).toMatchObject({
      status: 400,
      body: { message: staffCustomerMessages.cursorInvalid },
    });
    expect((await call('/api/identity/staff/organizations?limit=0')).status).toBe(400);
    expect((await call('/api/identity/staff/organizations?sort=name')).status).toBe(400);
  });

  it("matches leads' emails to customer accounts, case-insensitively, never to staff", async () => {
    const owner = await signUpOwner(harness(), 'Mia Lead');
    const response = await call(
      `/api/identity/staff/customers?email=${encodeURIComponent(owner.email.toUpperCase())}&email=nobody-${randomUUID()}@example.com&email=${encodeURIComponent(staff.email)}`,
    );
    expect(response.status).toBe(200);
    expect(customerMatchResponseSchema.parse(response.body).customers).toEqual([
      {
        email: owner.email.toLowerCase(),
        userId: owner.id,
        name: 'Mia Lead',
        organizations: [{ id: owner.organizationId, name: expect.any(String), role: 'owner' }],
      },
    ]);
    expect(await call('/api/identity/staff/customers')).toMatchObject({
      status: 400,
      body: { message: staffCustomerMessages.emailsRequired },
    });
  });

  it('names accounts by id for the console (note authors, assignees), leaving unknown ids out', async () => {
    const owner = await signUpOwner(harness(), 'Noa Named');
    const unknown = randomUUID();
    const response = await call(`/api/identity/staff/users?id=${staff.id}&id=${unknown}&id=${owner.id}`);
    expect(response.status).toBe(200);
    expect(staffUserLookupResponseSchema.parse(response.body).users).toEqual([
      { id: staff.id, name: 'Sam Staff', email: staff.email, staff: true },
      { id: owner.id, name: 'Noa Named', email: owner.email, staff: false },
    ]);
    expect(await call('/api/identity/staff/users?id=x')).toMatchObject({
      status: 400,
      body: { message: staffCustomerMessages.userIdsRequired },
    });
  });

  it('is for staff only: every role of staff reads, a customer of any role gets 403, nobody 401', async () => {
    const owner = await signUpOwner(harness(), 'Oli Owner');
    const billingStaff = await signInStaff(harness(), 'billing', 'Bill Staff');
    const paths = [
      '/api/identity/staff/organizations',
      `/api/identity/staff/organizations/${owner.organizationId}`,
      `/api/identity/staff/customers?email=${encodeURIComponent(owner.email)}`,
      `/api/identity/staff/users?id=${owner.id}`,
    ];
    for (const path of paths) {
      expect((await call(path, billingStaff.token)).status).toBe(200);
      expect(await call(path, owner.token)).toMatchObject({ status: 403, body: { statusCode: 403 } });
      expect((await call(path, '')).status).toBe(401);
    }
  });
});
