import { createHash } from 'node:crypto';
import {
  invitationPreviewSchema,
  invitationSchema,
  invitationsResponseSchema,
  loginResponseSchema,
  teamMessages,
} from '@portal/contracts';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { mailsTo, registerCustomer } from '../../test/account-helpers';
import { startIdentity } from '../../test/identity-harness';
import {
  addMember,
  auditSummaries,
  invitationToken,
  invite,
  registerWithInvitation,
  signUpOwner,
  teamCall,
} from '../../test/team-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('team invitations', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    teamCall(harness(), method, path, token, body);
  const me = async (token: string) =>
    (await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).body;
  const preview = (token: string) => call('POST', '/api/invitations/preview', undefined, { token });

  it('mails a single-use link valid 7 days and stores only its SHA-256; the invitation is pending', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const email = uniqueEmail('Bo.Li');
    const before = Date.now();
    const created = await call('POST', '/api/team/invitations', owner.token, { email, role: 'billing' });
    expect(created.status).toBe(201);
    const invitation = invitationSchema.parse(created.body);
    expect(invitation).toMatchObject({ email, role: 'billing', invitedBy: 'Ana Ruiz' });
    const ttl = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(ttl).toBe(7 * DAY_MS);
    expect(Date.parse(invitation.expiresAt)).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 5000);

    const [mail] = await mailsTo(harness(), email);
    expect(mail!.content).toEqual({
      template: 'team-invitation',
      organizationName: 'Ana Ruiz',
      invitedBy: 'Ana Ruiz',
      role: 'Billing',
      link: expect.stringMatching(/^https:\/\/portal\.example\.com\/invitation\?token=[A-Za-z0-9_-]{43}$/),
      expiresAt: invitation.expiresAt,
    });
    const token = await invitationToken(harness(), email);
    const [row] = await harness().dataSource.query('SELECT * FROM invitations WHERE id = $1', [
      invitation.id,
    ]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await call('GET', '/api/team/invitations', owner.token);
    expect(list.status).toBe(200);
    expect(invitationsResponseSchema.parse(list.body).invitations).toEqual([invitation]);
    expect(await auditSummaries(harness(), owner.token)).toContain(`Ana Ruiz invited ${email} as Billing`);
  });

  it('previews the link for its page: organization, email, role, who invited, until when, whether an account exists', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const existing = await registerCustomer(harness());
    await invite(harness(), owner.token, existing.email, 'member');
    const fresh = uniqueEmail('fresh');
    const invitation = await invite(harness(), owner.token, fresh, 'crm_manager');

    const shown = await preview(await invitationToken(harness(), fresh));
    expect(shown.status).toBe(200);
    expect(invitationPreviewSchema.parse(shown.body)).toEqual({
      organizationName: 'Ana Ruiz',
      email: fresh,
      role: 'crm_manager',
      invitedBy: 'Ana Ruiz',
      expiresAt: invitation.expiresAt,
      hasAccount: false,
    });
    expect((await preview(await invitationToken(harness(), existing.email))).body.hasAccount).toBe(true);

    // A token that was never an invitation's: 404; not even shaped like one: 400.
    expect(await preview('A'.repeat(43))).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: teamMessages.invitationInvalid },
    });
    expect(await preview('short')).toMatchObject({
      status: 400,
      body: { message: teamMessages.invitationInvalid },
    });
  });

  it('signs a new person up into the organization with the role: no organization of their own, email verified, link used', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const email = uniqueEmail('bo');
    await invite(harness(), owner.token, email, 'billing');
    const token = await invitationToken(harness(), email);
    const [{ count: organizationsBefore }] = await harness().dataSource.query(
      'SELECT count(*)::int AS count FROM organizations',
    );

    const response = await registerWithInvitation(harness(), { name: 'Bo Li', email, invitation: token });
    expect(response.status).toBe(201);
    const signedIn = await me(response.body.token as string);
    expect(signedIn).toMatchObject({
      organizationId: owner.organizationId,
      orgRole: 'billing',
      organizationName: 'Ana Ruiz',
    });

    const [{ count: organizationsAfter }] = await harness().dataSource.query(
      'SELECT count(*)::int AS count FROM organizations',
    );
    expect(organizationsAfter).toBe(organizationsBefore);
    const [user] = await harness().dataSource.query(
      'SELECT * FROM public_users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(user.email_verified_at).not.toBeNull();
    expect((await mailsTo(harness(), email)).map((mail) => mail.content.template)).toEqual([
      'team-invitation',
    ]);
    const memberships = await harness().dataSource.query(
      'SELECT organization_id, role FROM memberships WHERE user_id = $1',
      [user.id],
    );
    expect(memberships).toEqual([{ organization_id: owner.organizationId, role: 'billing' }]);

    const members = await call('GET', '/api/team/members', owner.token);
    expect(members.body.members).toContainEqual(
      expect.objectContaining({ email, name: 'Bo Li', role: 'billing' }),
    );
    expect((await auditSummaries(harness(), owner.token))[0]).toBe('Bo Li joined as Billing');

    // Used: the link's page says so, and it signs no one else up.
    expect(await preview(token)).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationUsed },
    });
    const again = await registerWithInvitation(harness(), {
      name: 'Other',
      email: uniqueEmail('x'),
      invitation: token,
    });
    expect(again).toMatchObject({ status: 410, body: { message: teamMessages.invitationUsed } });
    expect((await call('GET', '/api/team/invitations', owner.token)).body.invitations).toEqual([]);
  });

  it('refuses a sign-up from the link with another email: 403 and nothing created', async () => {
    const owner = await signUpOwner(harness());
    const email = uniqueEmail('invited');
    await invite(harness(), owner.token, email, 'member');
    const other = uniqueEmail('other');
    const response = await registerWithInvitation(harness(), {
      name: 'Eve',
      email: other,
      invitation: await invitationToken(harness(), email),
    });
    expect(response).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: teamMessages.invitationOtherEmail },
    });
    const users = await harness().dataSource.query(
      'SELECT id FROM public_users WHERE lower(email) = lower($1)',
      [other],
    );
    expect(users).toEqual([]);
    // The invitation still works for its email.
    expect((await preview(await invitationToken(harness(), email))).status).toBe(200);
  });

  it('lets a signed-in account of the invited email accept: it joins and gets a token for the organization', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const invitee = await registerCustomer(harness(), { name: 'Cy Moss' });
    const stranger = await registerCustomer(harness(), { name: 'Eve' });
    // Any case of the email is the same email.
    await invite(harness(), owner.token, invitee.email.toUpperCase(), 'admin');
    const token = await invitationToken(harness(), invitee.email);

    const refused = await call('POST', '/api/invitations/accept', stranger.token, { token });
    expect(refused).toMatchObject({ status: 403, body: { message: teamMessages.invitationOtherEmail } });
    expect((await call('POST', '/api/invitations/accept', undefined, { token })).status).toBe(401);

    const accepted = await call('POST', '/api/invitations/accept', invitee.token, { token });
    expect(accepted.status).toBe(200);
    const login = loginResponseSchema.parse(accepted.body);
    expect(login.user).toMatchObject({ id: invitee.id, email: invitee.email });
    expect(await me(login.token)).toMatchObject({ organizationId: owner.organizationId, orgRole: 'admin' });
    // Their own organization stays theirs.
    const organizations = await call('GET', '/api/organizations', login.token);
    expect(organizations.body.organizations).toHaveLength(2);
    expect((await auditSummaries(harness(), owner.token))[0]).toBe('Cy Moss joined as Admin');

    expect(await call('POST', '/api/invitations/accept', invitee.token, { token })).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationUsed },
    });
  });

  it('resends with a new link valid 7 more days: the old link stops working', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const email = uniqueEmail('resend');
    const invitation = await invite(harness(), owner.token, email, 'member');
    const oldToken = await invitationToken(harness(), email);
    await harness().dataSource.query(
      `UPDATE invitations SET created_at = created_at - interval '3 days', expires_at = expires_at - interval '3 days' WHERE id = $1`,
      [invitation.id],
    );

    const resent = await call('POST', `/api/team/invitations/${invitation.id}/resend`, owner.token);
    expect(resent.status).toBe(200);
    const renewed = invitationSchema.parse(resent.body);
    expect(renewed.id).toBe(invitation.id);
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    const newToken = await invitationToken(harness(), email);
    expect(newToken).not.toBe(oldToken);
    expect((await mailsTo(harness(), email)).length).toBe(2);

    expect(await preview(oldToken)).toMatchObject({
      status: 404,
      body: { message: teamMessages.invitationInvalid },
    });
    expect((await preview(newToken)).status).toBe(200);
    expect((await auditSummaries(harness(), owner.token))[0]).toBe(
      `Ana Ruiz resent the invitation to ${email}`,
    );
  });

  it('revokes: the link then says revoked and the invitation is no longer listed', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const email = uniqueEmail('revoke');
    const invitation = await invite(harness(), owner.token, email, 'member');
    const token = await invitationToken(harness(), email);

    expect((await call('DELETE', `/api/team/invitations/${invitation.id}`, owner.token)).status).toBe(204);
    expect(await preview(token)).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationRevoked },
    });
    const signUp = await registerWithInvitation(harness(), { name: 'Late', email, invitation: token });
    expect(signUp).toMatchObject({ status: 410, body: { message: teamMessages.invitationRevoked } });
    expect((await call('GET', '/api/team/invitations', owner.token)).body.invitations).toEqual([]);
    expect((await auditSummaries(harness(), owner.token))[0]).toBe(
      `Ana Ruiz revoked the invitation to ${email}`,
    );
    // Revoked is final: neither resent nor revoked again.
    expect((await call('POST', `/api/team/invitations/${invitation.id}/resend`, owner.token)).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/team/invitations/${invitation.id}`, owner.token)).status).toBe(404);
  });

  it('says expired after 7 days; the email can be invited again, and the old link still says expired', async () => {
    const owner = await signUpOwner(harness());
    const email = uniqueEmail('expired');
    const invitation = await invite(harness(), owner.token, email, 'member');
    const oldToken = await invitationToken(harness(), email);
    await harness().dataSource.query(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [invitation.id],
    );
    expect(await preview(oldToken)).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationExpired },
    });
    expect((await call('GET', '/api/team/invitations', owner.token)).body.invitations).toEqual([]);

    const again = await invite(harness(), owner.token, email, 'billing');
    expect(again.id).not.toBe(invitation.id);
    expect(await preview(oldToken)).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationExpired },
    });
    expect((await preview(await invitationToken(harness(), email))).body).toMatchObject({ role: 'billing' });
  });

  it('refuses to invite a member (409 alreadyMember) or an email already invited, in any case (409 alreadyInvited)', async () => {
    const owner = await signUpOwner(harness());
    const member = await addMember(harness(), owner.token, 'member');
    expect(
      await call('POST', '/api/team/invitations', owner.token, {
        email: member.email.toUpperCase(),
        role: 'admin',
      }),
    ).toMatchObject({ status: 409, body: { statusCode: 409, message: teamMessages.alreadyMember } });
    expect(
      await call('POST', '/api/team/invitations', owner.token, { email: owner.email, role: 'admin' }),
    ).toMatchObject({ status: 409, body: { message: teamMessages.alreadyMember } });

    const email = uniqueEmail('twice');
    await invite(harness(), owner.token, email, 'member');
    expect(
      await call('POST', '/api/team/invitations', owner.token, {
        email: email.toUpperCase(),
        role: 'billing',
      }),
    ).toMatchObject({ status: 409, body: { message: teamMessages.alreadyInvited } });
    // Two at once: one invitation, one 409.
    const racing = uniqueEmail('race');
    const answers = await Promise.all(
      [0, 1].map(() => call('POST', '/api/team/invitations', owner.token, { email: racing, role: 'member' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('lets only owners and admins manage invitations, never with a role above their own, nor ownership', async () => {
    const owner = await signUpOwner(harness());
    const admin = await addMember(harness(), owner.token, 'admin');
    const billing = await addMember(harness(), owner.token, 'billing');
    const member = await addMember(harness(), owner.token, 'member');

    expect(
      (await call('POST', '/api/team/invitations', admin.token, { email: uniqueEmail(), role: 'admin' }))
        .status,
    ).toBe(201);
    for (const who of [billing, member]) {
      expect(
        await call('POST', '/api/team/invitations', who.token, { email: uniqueEmail(), role: 'member' }),
      ).toMatchObject({ status: 403, body: { message: teamMessages.notAllowed } });
      // Reading the team page is every member's.
      expect((await call('GET', '/api/team/invitations', who.token)).status).toBe(200);
    }
    // Ownership is transferred, never invited.
    expect(
      (await call('POST', '/api/team/invitations', owner.token, { email: uniqueEmail(), role: 'owner' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/team/invitations', owner.token, { email: 'not an email', role: 'member' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/team/invitations', owner.token, {
          email: uniqueEmail(),
          role: 'member',
          extra: 1,
        })
      ).status,
    ).toBe(400);
  });

  it("answers 404 for another organization's invitation on every route, and leaves it untouched", async () => {
    const a = await signUpOwner(harness());
    const b = await signUpOwner(harness());
    const email = uniqueEmail('a-only');
    const invitation = await invite(harness(), a.token, email, 'member');
    for (const [method, path] of [
      ['POST', `/api/team/invitations/${invitation.id}/resend`],
      ['DELETE', `/api/team/invitations/${invitation.id}`],
      ['DELETE', '/api/team/invitations/not-a-uuid'],
    ] as const) {
      expect(await call(method, path, b.token)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: teamMessages.invitationNotFound },
      });
    }
    expect((await call('GET', '/api/team/invitations', b.token)).body.invitations).toEqual([]);
    expect((await call('GET', '/api/team/invitations', a.token)).body.invitations).toEqual([invitation]);
    expect(await mailsTo(harness(), email)).toHaveLength(1);
  });

  it('limits an organization to 50 invitation mails a day, with a 429 that says how long to wait', async () => {
    const owner = await signUpOwner(harness());
    const other = await signUpOwner(harness());
    // 49 earlier today, the oldest 2 hours ago.
    await harness().dataSource.query(
      `INSERT INTO organization_audit (organization_id, actor_name, action, subject, summary, at)
       SELECT $1, 'Earlier', CASE WHEN n % 2 = 0 THEN 'member.invited' ELSE 'invitation.resent' END, 'x', 'x',
              now() - interval '2 hours' + make_interval(secs => n)
         FROM generate_series(1, 49) AS n`,
      [owner.organizationId],
    );
    const fiftieth = await invite(harness(), owner.token, uniqueEmail('fiftieth'), 'member');
    const refused = await call('POST', '/api/team/invitations', owner.token, {
      email: uniqueEmail(),
      role: 'member',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(21 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600 + 60);
    // A resend is a mail too.
    expect((await call('POST', `/api/team/invitations/${fiftieth.id}/resend`, owner.token)).status).toBe(429);
    // Another organization has its own allowance.
    expect(
      (await call('POST', '/api/team/invitations', other.token, { email: uniqueEmail(), role: 'member' }))
        .status,
    ).toBe(201);
  });
});
