import { teamMembersResponseSchema, teamMessages } from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { mailsTo } from '../../test/account-helpers';
import { startIdentity } from '../../test/identity-harness';
import { addMember, auditSummaries, refreshedToken, signUpOwner, teamCall } from '../../test/team-helpers';

describe('team members', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    teamCall(harness(), method, path, token, body);
  const me = (token: string) => request(harness().baseUrl, 'GET', '/api/auth/me', { token });
  const membersOf = async (token: string) =>
    teamMembersResponseSchema.parse((await call('GET', '/api/team/members', token)).body).members;

  it('lists name, email, role, when each joined and was last active; owners first', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'member', 'Bo Li');
    const billing = await addMember(harness(), owner.token, 'billing', 'Cy Moss');
    await harness().dataSource.query(
      `UPDATE sessions SET sess = sess || jsonb_build_object('lastSeenAt', '2026-11-20T10:00:00.000Z') WHERE sess->>'userId' = $1`,
      [member.id],
    );
    // A member with no session left has never been seen as far as identity knows.
    await harness().dataSource.query(`DELETE FROM sessions WHERE sess->>'userId' = $1`, [billing.id]);

    const response = await call('GET', '/api/team/members', owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const members = teamMembersResponseSchema.parse(response.body).members;
    expect(members.map((each) => [each.name, each.role])).toEqual([
      ['Ana Ruiz', 'owner'],
      ['Cy Moss', 'billing'],
      ['Bo Li', 'member'],
    ]);
    expect(members[0]).toMatchObject({ userId: owner.id, email: owner.email });
    expect(Date.parse(members[0]!.lastActiveAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(members[2]).toMatchObject({
      userId: member.id,
      email: member.email,
      lastActiveAt: '2026-11-20T10:00:00.000Z',
    });
    expect(members[1]!.lastActiveAt).toBeNull();
    expect(Date.parse(members[2]!.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Every member reads the team (and is seen doing it); another organization sees only its own.
    const seenByMember = await membersOf(member.token);
    expect(seenByMember.map((each) => each.userId)).toEqual(members.map((each) => each.userId));
    expect(Date.parse(seenByMember[2]!.lastActiveAt!)).toBeGreaterThan(Date.now() - 60_000);
    const other = await signUpOwner(harness());
    expect((await membersOf(other.token)).map((each) => each.userId)).toEqual([other.id]);
  });

  it('changes a role: effective on the next request, mailed to the member, written to the audit log', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'member', 'Bo Li');

    const changed = await call('PATCH', `/api/team/members/${member.id}`, owner.token, { role: 'billing' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ userId: member.id, role: 'billing', name: 'Bo Li' });

    // The member's token of before is refused at once; a fresh one carries the new role.
    expect(await call('GET', '/api/team/members', member.token)).toMatchObject({
      status: 401,
      body: { message: teamMessages.membershipChanged },
    });
    expect((await me(await refreshedToken(harness(), member.token))).body.orgRole).toBe('billing');

    const [mail] = (await mailsTo(harness(), member.email)).filter(
      (sent) => sent.content.template !== 'team-invitation',
    );
    expect(mail!.content).toEqual({
      template: 'team-role-changed',
      name: 'Bo Li',
      organizationName: 'Ana Ruiz',
      role: 'Billing',
    });
    expect((await auditSummaries(harness(), owner.token))[0]).toBe(
      "Ana Ruiz changed Bo Li's role from Member to Billing",
    );
  });

  it('never changes your own role, never above your role, never a member above you', async () => {
    const owner = await signUpOwner(harness());
    const admin = await addMember(harness(), owner.token, 'admin');
    const member = await addMember(harness(), owner.token, 'member');
    const billing = await addMember(harness(), owner.token, 'billing');

    for (const [who, role] of [
      [admin, 'owner'],
      [member, 'admin'],
    ] as const) {
      expect(await call('PATCH', `/api/team/members/${who.id}`, who.token, { role })).toMatchObject({
        status: 403,
        body: { message: expect.any(String) },
      });
    }
    expect(
      await call('PATCH', `/api/team/members/${admin.id}`, admin.token, { role: 'member' }),
    ).toMatchObject({
      status: 403,
      body: { message: teamMessages.notAllowed },
    });
    expect(
      await call('PATCH', `/api/team/members/${member.id}`, admin.token, { role: 'owner' }),
    ).toMatchObject({
      status: 403,
      body: { message: teamMessages.roleTooHigh },
    });
    expect(
      await call('PATCH', `/api/team/members/${owner.id}`, admin.token, { role: 'member' }),
    ).toMatchObject({
      status: 403,
      body: { message: teamMessages.notAllowed },
    });
    expect(await call('DELETE', `/api/team/members/${owner.id}`, admin.token)).toMatchObject({
      status: 403,
      body: { message: teamMessages.notAllowed },
    });
    expect(
      await call('PATCH', `/api/team/members/${member.id}`, billing.token, { role: 'billing' }),
    ).toMatchObject({
      status: 403,
      body: { message: teamMessages.notAllowed },
    });
    // An admin manages the others up to admin.
    expect(
      (await call('PATCH', `/api/team/members/${member.id}`, admin.token, { role: 'admin' })).status,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/team/members/${member.id}`, owner.token, { role: 'superuser' })).status,
    ).toBe(400);
    // Nothing else moved.
    expect((await membersOf(owner.token)).map((each) => each.role).sort()).toEqual([
      'admin',
      'admin',
      'billing',
      'owner',
    ]);
  });

  it("answers 404 for anyone who is not a member of the caller's organization, on every member route", async () => {
    const a = await signUpOwner(harness());
    const aMember = await addMember(harness(), a.token, 'member');
    const b = await signUpOwner(harness());
    for (const [method, path, body] of [
      ['PATCH', `/api/team/members/${aMember.id}`, { role: 'billing' }],
      ['DELETE', `/api/team/members/${aMember.id}`, undefined],
      ['PATCH', '/api/team/members/not-a-uuid', { role: 'billing' }],
      ['POST', '/api/team/transfer-ownership', { userId: aMember.id }],
    ] as const) {
      expect(await call(method, path, b.token, body)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: teamMessages.notAMember },
      });
    }
    expect((await membersOf(a.token)).find((each) => each.userId === aMember.id)?.role).toBe('member');
  });

  it('removes a member: their access to the organization ends at once; mailed and audited', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'billing', 'Bo Li');
    expect((await call('DELETE', `/api/team/members/${member.id}`, owner.token)).status).toBe(204);

    expect(await call('GET', '/api/team/members', member.token)).toMatchObject({
      status: 401,
      body: { message: teamMessages.membershipChanged },
    });
    // Their account stays, in no organization: a fresh token acts in none.
    const fresh = await refreshedToken(harness(), member.token);
    expect((await me(fresh)).body).toMatchObject({ id: member.id, organizationId: null, orgRole: null });
    expect(await call('GET', '/api/team/members', fresh)).toMatchObject({
      status: 403,
      body: { message: teamMessages.noOrganization },
    });
    expect((await membersOf(owner.token)).map((each) => each.userId)).toEqual([owner.id]);

    const templates = (await mailsTo(harness(), member.email)).map((mail) => mail.content);
    expect(templates.at(-1)).toEqual({
      template: 'team-removed',
      name: 'Bo Li',
      organizationName: 'Ana Ruiz',
    });
    expect((await auditSummaries(harness(), owner.token))[0]).toBe('Ana Ruiz removed Bo Li');
    expect((await call('DELETE', `/api/team/members/${member.id}`, owner.token)).status).toBe(404);
    expect((await call('DELETE', `/api/team/members/${owner.id}`, owner.token)).status).toBe(403);
  });

  it('lets a member leave; the last owner can neither leave nor be removed or demoted', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'crm_manager', 'Bo Li');
    expect((await call('POST', '/api/team/leave', member.token)).status).toBe(204);
    expect((await call('GET', '/api/team/members', member.token)).status).toBe(401);
    expect((await auditSummaries(harness(), owner.token))[0]).toBe('Bo Li left');

    expect(await call('POST', '/api/team/leave', owner.token)).toMatchObject({
      status: 409,
      body: { statusCode: 409, message: teamMessages.lastOwner },
    });
    expect((await membersOf(owner.token)).map((each) => each.role)).toEqual(['owner']);
  });

  it('two owners leaving at once: one leaves, the other stays the owner (the owners are counted under a lock)', async () => {
    const first = await signUpOwner(harness());
    const second = await addMember(harness(), first.token, 'admin');
    expect(
      (await call('PATCH', `/api/team/members/${second.id}`, first.token, { role: 'owner' })).status,
    ).toBe(200);
    const secondToken = await refreshedToken(harness(), second.token);

    const answers = await Promise.all([
      call('POST', '/api/team/leave', first.token),
      call('POST', '/api/team/leave', secondToken),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    const [{ owners }] = await harness().dataSource.query(
      `SELECT count(*)::int AS owners FROM memberships WHERE organization_id = $1 AND role = 'owner'`,
      [first.organizationId],
    );
    expect(owners).toBe(1);
  });

  it('two owners removing each other at once: the organization keeps one', async () => {
    const first = await signUpOwner(harness());
    const second = await addMember(harness(), first.token, 'admin');
    await call('PATCH', `/api/team/members/${second.id}`, first.token, { role: 'owner' });
    const secondToken = await refreshedToken(harness(), second.token);

    const answers = await Promise.all([
      call('DELETE', `/api/team/members/${second.id}`, first.token),
      call('DELETE', `/api/team/members/${first.id}`, secondToken),
    ]);
    expect(answers.map((answer) => answer.status)).toContain(204);
    const [{ owners }] = await harness().dataSource.query(
      `SELECT count(*)::int AS owners FROM memberships WHERE organization_id = $1 AND role = 'owner'`,
      [first.organizationId],
    );
    expect(owners).toBe(1);
  });

  it('transfers ownership: the member becomes the owner, the owner an admin who may then leave', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const member = await addMember(harness(), owner.token, 'member', 'Bo Li');
    const admin = await addMember(harness(), owner.token, 'admin', 'Di Ng');
    expect(
      await call('POST', '/api/team/transfer-ownership', admin.token, { userId: member.id }),
    ).toMatchObject({ status: 403, body: { message: teamMessages.notAllowed } });

    const transferred = await call('POST', '/api/team/transfer-ownership', owner.token, {
      userId: member.id,
    });
    expect(transferred.status).toBe(200);
    const roles = Object.fromEntries(
      teamMembersResponseSchema.parse(transferred.body).members.map((each) => [each.userId, each.role]),
    );
    expect(roles).toEqual({ [owner.id]: 'admin', [member.id]: 'owner', [admin.id]: 'admin' });
    expect((await auditSummaries(harness(), admin.token))[0]).toBe('Ana Ruiz transferred ownership to Bo Li');
    expect((await mailsTo(harness(), member.email)).at(-1)!.content).toMatchObject({
      template: 'team-role-changed',
      role: 'Owner',
    });

    // Both tokens of before are stale; with fresh ones the former owner may leave now.
    expect((await call('POST', '/api/team/leave', owner.token)).status).toBe(401);
    expect((await call('POST', '/api/team/leave', await refreshedToken(harness(), owner.token))).status).toBe(
      204,
    );
    expect((await me(await refreshedToken(harness(), member.token))).body.orgRole).toBe('owner');
  });

  it('answers 401 on every team route without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/team/members'],
      ['PATCH', '/api/team/members/00000000-0000-4000-8000-000000000001'],
      ['DELETE', '/api/team/members/00000000-0000-4000-8000-000000000001'],
      ['POST', '/api/team/leave'],
      ['POST', '/api/team/transfer-ownership'],
      ['GET', '/api/team/invitations'],
      ['POST', '/api/team/invitations'],
      ['POST', '/api/team/invitations/00000000-0000-4000-8000-000000000001/resend'],
      ['DELETE', '/api/team/invitations/00000000-0000-4000-8000-000000000001'],
      ['GET', '/api/team/audit'],
      ['POST', '/api/invitations/accept'],
    ] as const) {
      expect(`${method} ${path} ${(await call(method, path)).status}`).toBe(`${method} ${path} 401`);
    }
  });
});
