import {
  accountExportPartSchema,
  accountMessages,
  type OrgRole,
  subjects,
  teamMessages,
  userDeletedDataSchema,
} from '@portal/contracts';
import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { MembershipsService } from '../memberships/memberships.service';
import { ensureStaffAccount } from '../staff/staff-account';
import { startIdentity } from '../test/identity-harness';
import { totpCode, totpStep } from '../two-factor/totp';

describe('export my data and delete my account (identity)', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  let lastAddress = 0;
  const newAddress = () => `198.18.0.${++lastAddress}`;

  const call = (method: string, path: string, options: { body?: unknown; token?: string; address?: string } = {}) =>
    request(harness().baseUrl, method, path, {
      body: options.body,
      token: options.token,
      headers: {
        'x-forwarded-for': options.address ?? '198.18.1.1',
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/140.0 Safari/537.36',
      },
    });

  async function register(email = uniqueEmail('personal-data'), name = 'Data Owner') {
    const password = 'correct horse 17';
    const response = await call('POST', '/api/auth/register', { body: { name, email, password } });
    expect(response.status).toBe(201);
    const token = response.body.token as string;
    const me = await call('GET', '/api/auth/me', { token });
    return { email, password, name, token, id: me.body.id as string, organizationId: me.body.organizationId as string };
  }

  const outboxOf = async (subject: string, key: string, value: string) =>
    (
      await harness().dataSource.query(`SELECT data FROM outbox WHERE subject = $1 AND data->>$2 = $3`, [
        subject,
        key,
        value,
      ])
    ).map((row: { data: unknown }) => row.data);

  it("exports the caller's profile, organisation, sessions and two-factor state, and no secret or hash", async () => {
    const owner = await register();
    const other = await register(uniqueEmail('someone-else'), 'Someone Else');
    const second = await call('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      address: '198.18.2.2',
    });
    expect(second.status).toBe(200);
    // Two-factor sign-in on, so there is a secret and recovery codes to keep out.
    const setup = await call('POST', '/api/account/two-factor/setup', { token: owner.token });
    const enabled = await call('POST', '/api/account/two-factor/enable', {
      token: owner.token,
      body: { code: totpCode(setup.body.secret as string, totpStep() - 1), password: owner.password },
    });
    expect(enabled.status).toBe(200);

    const response = await call('GET', '/api/account/export', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const part = accountExportPartSchema.parse(response.body);
    expect(part.service).toBe('identity');
    expect(Date.now() - Date.parse(part.exportedAt)).toBeLessThan(60_000);
    expect(part.data).toEqual({
      profile: {
        name: 'Data Owner',
        email: owner.email,
        role: 'customer',
        createdAt: expect.any(String),
        emailVerified: false,
      },
      organization: { id: owner.organizationId, name: 'Data Owner', createdAt: expect.any(String) },
      sessions: [
        expect.objectContaining({ address: '198.18.2.2' }),
        expect.objectContaining({ address: '198.18.1.1' }),
      ],
      notifications: { ticketEmails: true },
      twoFactor: { enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 },
    });
    for (const session of part.data.sessions as Record<string, unknown>[]) {
      expect(session).toEqual({
        browser: 'Chrome on macOS',
        address: expect.any(String),
        signedInAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
      });
    }
    const text = JSON.stringify(part);
    const [row]: Record<string, string>[] = await harness().dataSource.query(
      'SELECT password_hash, two_factor_secret FROM public_users WHERE id = $1',
      [owner.id],
    );
    for (const secret of [
      row!.password_hash!,
      row!.two_factor_secret!,
      setup.body.secret as string,
      ...(enabled.body.recoveryCodes as string[]),
      owner.password,
      other.email,
      other.id,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/argon2|"sid"|token|hash|secret"/i);
    expect((await call('GET', '/api/account/export')).status).toBe(401);
  });

  it('deletes the account with its password: sessions announced revoked, data erased, the email free again', async () => {
    const owner = await register();
    const [otherSession] = [
      await call('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } }),
    ];
    const wrong = await call('POST', '/api/account/delete', { token: owner.token, body: { password: 'wrong one 1' } });
    expect(wrong.body).toEqual({ statusCode: 400, message: accountMessages.passwordWrong });
    const missing = await call('POST', '/api/account/delete', { token: owner.token, body: {} });
    expect(missing.body).toEqual({ statusCode: 400, message: accountMessages.currentPasswordRequired });

    const deleted = await call('POST', '/api/account/delete', {
      token: owner.token,
      body: { password: owner.password },
      address: newAddress(),
    });
    expect(deleted.status).toBe(204);

    // Every token of the account is dead at once.
    for (const token of [owner.token, otherSession.body.token as string]) {
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
    }
    const counts: Record<string, number>[] = await harness().dataSource.query(
      `SELECT (SELECT count(*)::int FROM public_users WHERE id = $1) AS users,
              (SELECT count(*)::int FROM organizations WHERE id = $2) AS organizations,
              (SELECT count(*)::int FROM sessions WHERE sess->>'userId' = $1::text) AS sessions,
              (SELECT count(*)::int FROM known_clients WHERE user_id = $1) AS clients,
              (SELECT count(*)::int FROM account_tokens WHERE user_id = $1) AS tokens`,
      [owner.id, owner.organizationId],
    );
    expect(counts[0]).toEqual({ users: 0, organizations: 0, sessions: 0, clients: 0, tokens: 0 });

    const events = await outboxOf(subjects.userDeleted, 'userId', owner.id);
    expect(events).toHaveLength(1);
    expect(userDeletedDataSchema.parse(events[0])).toEqual({
      userId: owner.id,
      organizationId: owner.organizationId,
      organizationDeleted: true,
      deletedAt: expect.any(String),
    });
    expect(await outboxOf(subjects.sessionRevoked, 'userId', owner.id)).toHaveLength(2);
    const mails = await outboxOf(subjects.mailRequested, 'to', owner.email);
    expect(mails).toContainEqual(
      expect.objectContaining({ to: owner.email, content: { template: 'account-deleted', name: 'Data Owner' } }),
    );

    // The same email registers again, as a new account.
    const again = await register(owner.email, 'Second Life');
    expect(again.id).not.toBe(owner.id);
    expect(again.organizationId).not.toBe(owner.organizationId);
  });

  /** Makes `member` a member of `organizationId` with `role`, as an accepted invitation does. */
  async function join(organizationId: string, userId: string, role: OrgRole) {
    const memberships = harness().app.get(MembershipsService);
    await harness().dataSource.transaction((manager) => memberships.add(manager, { organizationId, userId, role }));
  }

  it('keeps an organisation another member still belongs to, and ends the memberships of the account', async () => {
    const owner = await register();
    const member = await register();
    await join(owner.organizationId, member.id, 'member');
    const deleted = await call('POST', '/api/account/delete', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(204);
    const [organization]: unknown[] = await harness().dataSource.query('SELECT id FROM organizations WHERE id = $1', [
      owner.organizationId,
    ]);
    expect(organization).toBeDefined();
    // The member's own organization (they were its only member) went with them.
    const [own]: unknown[] = await harness().dataSource.query('SELECT id FROM organizations WHERE id = $1', [
      member.organizationId,
    ]);
    expect(own).toBeUndefined();
    const events = await outboxOf(subjects.userDeleted, 'userId', member.id);
    expect(events).toEqual([
      expect.objectContaining({ organizationId: member.organizationId, organizationDeleted: true }),
    ]);
    const ended = (await outboxOf(subjects.membershipChanged, 'userId', member.id)).filter(
      (data: { role: string | null }) => data.role === null,
    );
    expect(ended.map((data: { organizationId: string }) => data.organizationId).sort()).toEqual(
      [owner.organizationId, member.organizationId].sort(),
    );
    expect(
      await harness().dataSource.query('SELECT * FROM memberships WHERE user_id = $1', [member.id]),
    ).toEqual([]);
    expect((await call('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
  });

  it('refuses (409) the last owner of an organization that has other members, and deletes nothing', async () => {
    const owner = await register();
    const member = await register();
    await join(owner.organizationId, member.id, 'admin');
    const refused = await call('POST', '/api/account/delete', {
      token: owner.token,
      body: { password: owner.password },
      address: newAddress(),
    });
    expect(refused.body).toEqual({ statusCode: 409, message: teamMessages.lastOwner });
    expect((await call('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
    expect(await outboxOf(subjects.userDeleted, 'userId', owner.id)).toEqual([]);

    // With a second owner, the first may go: the organization stays with the other.
    await harness().dataSource.transaction((manager) =>
      harness().app.get(MembershipsService).changeRole(manager, owner.organizationId, member.id, 'owner'),
    );
    const deleted = await call('POST', '/api/account/delete', {
      token: owner.token,
      body: { password: owner.password },
      address: newAddress(),
    });
    expect(deleted.status).toBe(204);
    const [event] = await outboxOf(subjects.userDeleted, 'userId', owner.id);
    expect(event).toMatchObject({ organizationId: owner.organizationId, organizationDeleted: false });
    const members = await harness().dataSource.query(
      'SELECT user_id, role FROM memberships WHERE organization_id = $1',
      [owner.organizationId],
    );
    expect(members).toEqual([{ user_id: member.id, role: 'owner' }]);
  });

  it("deletes only the caller: another account's token deletes that account, never this one", async () => {
    const owner = await register();
    const intruder = await register();
    // The same password as the owner's: the token alone decides whose account goes.
    const attempt = await call('POST', '/api/account/delete', {
      token: intruder.token,
      body: { password: owner.password },
    });
    expect(attempt.status).toBe(204);
    expect((await call('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: intruder.token })).status).toBe(401);
  });

  it('refuses a staff account (403) and a request without a token (401)', async () => {
    const email = uniqueEmail('staff');
    await ensureStaffAccount(harness().dataSource, { email, password: 'staff password 17', name: 'Staff Person' });
    const login = await call('POST', '/api/auth/login', {
      body: { email, password: 'staff password 17' },
      address: newAddress(),
    });
    const refused = await call('POST', '/api/account/delete', {
      token: login.body.token as string,
      body: { password: 'staff password 17' },
    });
    expect(refused.body).toEqual({ statusCode: 403, message: accountMessages.staffAccountManaged });
    expect((await call('POST', '/api/account/delete', { body: { password: 'x' } })).status).toBe(401);
  });
});
