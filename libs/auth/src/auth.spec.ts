import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createEventEnvelope,
  events,
  type MembershipChangedData,
  type SessionRevokedData,
  teamMessages,
} from '@portal/contracts';
import { ensureStream, type StreamOptions } from '@portal/events';
import { createServiceApp } from '@portal/nest-http';
import {
  type Claims,
  claimsFor,
  closedPort,
  connectTestJetStream,
  createTestKey,
  hs256WithPublicKey,
  JwksServer,
  signToken,
  sleep,
  tamper,
  type TestJetStream,
  type TestKey,
  testNatsUrl,
  uniqueSubjectSpace,
  unsignedToken,
  waitFor,
} from '@portal/testing';
import {
  type AuthenticatedUser,
  authMessages,
  AuthModule,
  type AuthOptions,
  CurrentUser,
  CustomerOnly,
  identityJwksUrl,
  JwtAuthGuard,
  MemberCan,
  MembershipVersions,
  type OrganizationMember,
  Roles,
  SESSION_CHECK,
  type SessionCheck,
  SessionRevocations,
  StaffOnly,
} from './index';

@Controller('probe')
class ProbeController {
  @Get('me')
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }

  @Get('staff')
  @StaffOnly()
  staff(@CurrentUser() user: AuthenticatedUser) {
    return { area: 'staff', role: user.role };
  }

  @Get('customer')
  @CustomerOnly()
  customer(@CurrentUser() user: AuthenticatedUser) {
    return { area: 'customer', role: user.role };
  }

  @Get('billing')
  @Roles('billing')
  billing(@CurrentUser() user: AuthenticatedUser) {
    return { area: 'billing', role: user.role };
  }

  @Get('orders')
  @MemberCan('orders.read')
  orders(@CurrentUser() member: OrganizationMember) {
    return { area: 'orders', organizationId: member.organizationId, orgRole: member.orgRole };
  }
}

// A whole controller for members who may manage the team, with one route any member may read.
@Controller('team')
@MemberCan('team.manage')
class TeamController {
  @Get('invitations')
  invitations(@CurrentUser() member: OrganizationMember) {
    return { area: 'invitations', orgRole: member.orgRole };
  }

  @Get('members')
  @MemberCan('team.read')
  members(@CurrentUser() member: OrganizationMember) {
    return { area: 'members', orgRole: member.orgRole };
  }
}

// A controller guarded as a whole, with a stricter rule on one route: the guards stack.
@Controller('back-office')
@UseGuards(JwtAuthGuard)
class BackOfficeController {
  @Get('reports')
  @StaffOnly()
  reports() {
    return { area: 'reports' };
  }
}

/** Sessions the service itself has ended (identity would read its sessions table). */
const endedByService = new Set<string>();
/** How often the service was asked about each session. */
const sessionChecks = new Map<string, number>();

const serviceSessionCheck: SessionCheck = {
  isSessionActive: (user) => {
    sessionChecks.set(user.sessionId, (sessionChecks.get(user.sessionId) ?? 0) + 1);
    return !endedByService.has(user.sessionId);
  },
};

// Bound in a feature module, not beside AuthModule: the strategy finds it anywhere in the app.
@Module({ providers: [{ provide: SESSION_CHECK, useValue: serviceSessionCheck }] })
class SessionsModule {}

interface Probe {
  app: NestFastifyApplication;
  baseUrl: string;
}

interface Answer {
  status: number;
  body: unknown;
  wwwAuthenticate: string | null;
}

async function call(probe: Probe, path: string, authorization?: string): Promise<Answer> {
  const res = await fetch(`${probe.baseUrl}${path}`, {
    headers: authorization ? { authorization } : {},
  });
  return { status: res.status, body: await res.json(), wwwAuthenticate: res.headers.get('www-authenticate') };
}

const bearer = (probe: Probe, path: string, token: string) => call(probe, path, `Bearer ${token}`);

const seconds = (offset: number) => Math.floor(Date.now() / 1000) + offset;

describe('AuthModule in a service', () => {
  const space = uniqueSubjectSpace();
  const stream: StreamOptions = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 60_000 };
  const revocationSubject = `${space.prefix}.sessions.revoked`;
  const membershipSubject = `${space.prefix}.memberships.changed`;
  const natsOptions = {
    natsUrl: testNatsUrl(),
    revocationStream: stream,
    revocationSubject,
    membershipSubject,
  };
  let identityKey: TestKey;
  let rotatedKey: TestKey;
  let strangerKey: TestKey;
  let jwks: JwksServer;
  let jetStream: TestJetStream;
  let service: Probe;
  const started: Probe[] = [];

  async function startService(options: Partial<AuthOptions> = {}): Promise<Probe> {
    @Module({
      imports: [AuthModule.forRoot({ jwksUrl: identityJwksUrl(jwks.baseUrl), ...options }), SessionsModule],
      controllers: [ProbeController, BackOfficeController, TeamController],
    })
    class ProbeModule {}
    const app = await createServiceApp(ProbeModule, { name: 'auth-spec', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    const probe = { app, baseUrl: await app.getUrl() };
    started.push(probe);
    return probe;
  }

  const publishRevocation = (data: SessionRevokedData) =>
    jetstream(jetStream.nats).publish(
      revocationSubject,
      JSON.stringify(createEventEnvelope(events.sessionRevoked.type, data, events.sessionRevoked.version)),
    );

  const publishMembershipChange = (data: MembershipChangedData) =>
    jetstream(jetStream.nats).publish(
      membershipSubject,
      JSON.stringify(
        createEventEnvelope(events.membershipChanged.type, data, events.membershipChanged.version),
      ),
    );

  const membershipChangeOf = (
    claims: Claims,
    change: Partial<MembershipChangedData> = {},
  ): MembershipChangedData => ({
    organizationId: claims.org!,
    userId: claims.sub,
    role: 'member',
    version: claims.mv + 1,
    claimsLegacyData: false,
    changedAt: new Date().toISOString(),
    ...change,
  });

  const revocationOf = (claims: Claims, expiresAt = new Date(claims.exp * 1000)): SessionRevokedData => ({
    sessionId: claims.sid,
    userId: claims.sub,
    revokedAt: new Date().toISOString(),
    expiresAt: expiresAt.toISOString(),
  });

  beforeAll(async () => {
    [identityKey, rotatedKey, strangerKey] = await Promise.all([
      createTestKey('identity-1'),
      createTestKey('identity-2'),
      createTestKey('stranger'),
    ]);
    jwks = new JwksServer([identityKey.jwk]);
    await jwks.start();
    jetStream = await connectTestJetStream(space.stream);
    await ensureStream(jetStream.jsm, stream);
    service = await startService(natsOptions);
  });

  afterAll(async () => {
    for (const probe of started) await probe.app.close();
    await jwks.stop();
    await jetStream.close();
  });

  describe('verifying the token', () => {
    it('answers a good token with the user it speaks for', async () => {
      const claims = claimsFor({ role: 'customer' });
      const answer = await bearer(service, '/probe/me', await signToken(identityKey, claims));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: claims.sub,
        sessionId: claims.sid,
        role: 'customer',
        organizationId: claims.org,
        orgRole: 'owner',
        membershipVersion: 1,
      });
      // A role without an organization means nothing: no organization, no role in it.
      const withoutOrg = claimsFor({ org: null, orgRole: 'admin' });
      expect(
        (await bearer(service, '/probe/me', await signToken(identityKey, withoutOrg))).body,
      ).toMatchObject({
        organizationId: null,
        orgRole: null,
      });
    });

    it('answers 401 "Authentication required" without a bearer token', async () => {
      for (const authorization of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer']) {
        const answer = await call(service, '/probe/me', authorization);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ statusCode: 401, message: authMessages.missingToken });
        expect(answer.wwwAuthenticate).toBe('Bearer');
      }
    });

    const invalidTokens: [string, () => Promise<string> | string][] = [
      ['expired', () => signToken(identityKey, claimsFor({ iat: seconds(-3600), exp: seconds(-60) }))],
      [
        'tampered with (payload changed, signature kept)',
        async () =>
          tamper(await signToken(identityKey, claimsFor({ role: 'customer' })), { role: 'super_admin' }),
      ],
      ['signed by another key with an unknown kid', () => signToken(strangerKey)],
      [
        'signed by another key under the right kid',
        () => signToken(strangerKey, claimsFor(), identityKey.kid),
      ],
      ['unsigned (alg: none)', () => unsignedToken()],
      ['HS256 signed with the public key', () => hs256WithPublicKey(identityKey)],
      [
        'from another issuer',
        () => signToken(identityKey, claimsFor({ iss: 'someone-else' as 'portal-identity' })),
      ],
      ['for another audience', () => signToken(identityKey, claimsFor({ aud: 'elsewhere' as 'portal' }))],
      ['carrying a role outside the spec', () => signToken(identityKey, claimsFor({ role: 'root' }))],
      ['carrying a user id that is not a uuid', () => signToken(identityKey, claimsFor({ sub: 'admin' }))],
      [
        'carrying a membership role outside the roles',
        () => signToken(identityKey, claimsFor({ orgRole: 'root' as 'owner' })),
      ],
      ['carrying no membership version', () => signToken(identityKey, claimsFor({ mv: undefined }))],
      ['carrying a negative membership version', () => signToken(identityKey, claimsFor({ mv: -1 }))],
      [
        'living longer than the longest token lifetime (8 h)',
        () => signToken(identityKey, claimsFor({ iat: seconds(0), exp: seconds(8 * 3600 + 60) })),
      ],
      ['not a JWT at all', () => 'not-a-token'],
    ];

    it.each(invalidTokens)(
      'answers 401 "Invalid or expired token" for a token %s',
      async (_case, makeToken) => {
        const answer = await bearer(service, '/probe/me', await makeToken());
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ statusCode: 401, message: authMessages.invalidToken });
        expect(answer.wwwAuthenticate).toBe('Bearer error="invalid_token"');
      },
    );

    it('answers 401 "Invalid or expired token" to a good token in a malformed Authorization header', async () => {
      const token = await signToken(identityKey);
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
      for (const authorization of [`Bearer ${token} trailing`, `Bearer  ${token}`, `Bearer ${token},x`]) {
        const answer = await call(service, '/probe/me', authorization);
        expect(answer).toEqual({
          status: 401,
          body: { statusCode: 401, message: authMessages.invalidToken },
          wwwAuthenticate: 'Bearer error="invalid_token"',
        });
      }
    });

    it('keeps refusing a token it verified a moment ago once that token expires', async () => {
      const exp = seconds(2);
      const token = await signToken(identityKey, claimsFor({ iat: seconds(-60), exp }));
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
      await sleep(exp * 1000 - Date.now() + 100);
      expect(await bearer(service, '/probe/me', token)).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: authMessages.invalidToken },
      });
    });

    it("answers 401 when the service's own SessionCheck refuses the session", async () => {
      const claims = claimsFor();
      const token = await signToken(identityKey, claims);
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
      endedByService.add(claims.sid);
      expect(await bearer(service, '/probe/me', token)).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: authMessages.sessionEnded },
      });
    });
  });

  describe('roles', () => {
    const tokenFor = (role: string) => signToken(identityKey, claimsFor({ role }));
    const forbidden = { statusCode: 403, message: authMessages.forbidden };

    it('lets only staff roles into a staff route', async () => {
      for (const role of ['admin', 'super_admin', 'billing', 'crm_manager']) {
        expect(await bearer(service, '/probe/staff', await tokenFor(role))).toMatchObject({
          status: 200,
          body: { area: 'staff', role },
        });
      }
      for (const role of ['customer', 'user']) {
        expect(await bearer(service, '/probe/staff', await tokenFor(role))).toMatchObject({
          status: 403,
          body: forbidden,
        });
      }
    });

    it('lets only customers into a customer route (the customer dashboard needs a customer)', async () => {
      for (const role of ['customer', 'user']) {
        expect((await bearer(service, '/probe/customer', await tokenFor(role))).status).toBe(200);
      }
      for (const role of ['admin', 'super_admin']) {
        expect(await bearer(service, '/probe/customer', await tokenFor(role))).toMatchObject({
          status: 403,
          body: forbidden,
        });
      }
    });

    it('lets exactly the listed roles into a @Roles route', async () => {
      expect(await bearer(service, '/probe/billing', await tokenFor('billing'))).toMatchObject({
        status: 200,
        body: { area: 'billing', role: 'billing' },
      });
      for (const role of ['super_admin', 'crm_manager', 'customer']) {
        expect((await bearer(service, '/probe/billing', await tokenFor(role))).status).toBe(403);
      }
    });

    it('verifies a token once when the controller and the route both guard it', async () => {
      const staff = claimsFor({ role: 'admin' });
      expect(
        await bearer(service, '/back-office/reports', await signToken(identityKey, staff)),
      ).toMatchObject({
        status: 200,
        body: { area: 'reports' },
      });
      expect(sessionChecks.get(staff.sid)).toBe(1);
      const customer = await signToken(identityKey, claimsFor({ role: 'customer' }));
      expect((await bearer(service, '/back-office/reports', customer)).status).toBe(403);
    });

    it('asks for a token (401), not a role (403), on a guarded route without one', async () => {
      for (const path of ['/probe/staff', '/probe/customer', '/probe/billing', '/back-office/reports']) {
        expect(await call(service, path)).toMatchObject({
          status: 401,
          body: { statusCode: 401, message: authMessages.missingToken },
        });
      }
    });
  });

  describe('membership roles (@MemberCan)', () => {
    const memberToken = (claims: Partial<Claims>) => signToken(identityKey, claimsFor(claims));

    it('lets in a member whose role has the permission, acting in their organization', async () => {
      for (const orgRole of ['owner', 'admin', 'billing'] as const) {
        const claims = claimsFor({ orgRole });
        expect(await bearer(service, '/probe/orders', await signToken(identityKey, claims))).toEqual({
          status: 200,
          body: { area: 'orders', organizationId: claims.org, orgRole },
          wwwAuthenticate: null,
        });
      }
    });

    it('answers 403 "Your role … does not allow this" to a role without the permission', async () => {
      for (const orgRole of ['crm_manager', 'member'] as const) {
        expect(await bearer(service, '/probe/orders', await memberToken({ orgRole }))).toMatchObject({
          status: 403,
          body: { statusCode: 403, message: teamMessages.notAllowed },
        });
      }
    });

    it('answers 403 to staff, whatever membership role their token carries', async () => {
      for (const role of ['admin', 'super_admin', 'billing']) {
        expect(
          await bearer(service, '/probe/orders', await memberToken({ role, orgRole: 'owner' })),
        ).toMatchObject({
          status: 403,
          body: { statusCode: 403, message: authMessages.forbidden },
        });
      }
    });

    it('answers 403 to a customer acting in no organization', async () => {
      expect(
        await bearer(service, '/probe/orders', await memberToken({ org: null, orgRole: null })),
      ).toMatchObject({ status: 403, body: { statusCode: 403, message: teamMessages.noOrganization } });
      // An orgRole without an organization does not count.
      expect(
        await bearer(service, '/probe/orders', await memberToken({ org: null, orgRole: 'owner' })),
      ).toMatchObject({ status: 403, body: { statusCode: 403, message: teamMessages.noOrganization } });
    });

    it("applies a controller's permission, and a route's own permission wins over it", async () => {
      const asMember = await memberToken({ orgRole: 'member' });
      const asAdmin = await memberToken({ orgRole: 'admin' });
      expect(await bearer(service, '/team/invitations', asMember)).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: teamMessages.notAllowed },
      });
      expect(await bearer(service, '/team/invitations', asAdmin)).toMatchObject({
        status: 200,
        body: { area: 'invitations', orgRole: 'admin' },
      });
      expect(await bearer(service, '/team/members', asMember)).toMatchObject({
        status: 200,
        body: { area: 'members', orgRole: 'member' },
      });
    });

    it('asks for a token (401), not a role (403), without one', async () => {
      for (const path of ['/probe/orders', '/team/invitations', '/team/members']) {
        expect(await call(service, path)).toMatchObject({
          status: 401,
          body: { statusCode: 401, message: authMessages.missingToken },
        });
      }
    });
  });

  describe('membership versions over NATS', () => {
    const membershipChanged = { statusCode: 401, message: teamMessages.membershipChanged };

    it("refuses a member's older tokens once a change of the membership is published, and so does a service started after it", async () => {
      const before = claimsFor({ orgRole: 'admin', mv: 1 });
      const oldToken = await signToken(identityKey, before);
      // The same member's token issued after the change carries its version.
      const newToken = await signToken(identityKey, {
        ...claimsFor(),
        sub: before.sub,
        org: before.org,
        mv: 2,
      });
      // The same user in another organization, and another member of the same organization.
      const elsewhere = await signToken(identityKey, { ...claimsFor({ mv: 1 }), sub: before.sub });
      const colleague = await signToken(identityKey, claimsFor({ org: before.org, mv: 1 }));
      expect((await bearer(service, '/probe/orders', oldToken)).status).toBe(200);

      await jetstream(jetStream.nats).publish(membershipSubject, 'not json'); // skipped, the feed keeps reading
      // Another organization's change of the same user leaves this membership alone.
      await publishMembershipChange(membershipChangeOf({ ...before, org: randomUUID() }, { version: 7 }));
      // A change older than the longest token lifetime is forgotten at once.
      const lapsed = claimsFor({ mv: 1 });
      const lapsedToken = await signToken(identityKey, lapsed);
      await publishMembershipChange(
        membershipChangeOf(lapsed, {
          version: 5,
          changedAt: new Date(Date.now() - 9 * 3600_000).toISOString(),
        }),
      );
      await publishMembershipChange(membershipChangeOf(before, { version: 2, role: 'member' }));

      await waitFor(
        async () => (await bearer(service, '/probe/orders', oldToken)).status === 401,
        'the membership change to reach the service',
      );
      const refused = await bearer(service, '/probe/orders', oldToken);
      expect(refused).toEqual({
        status: 401,
        body: membershipChanged,
        wwwAuthenticate: 'Bearer error="invalid_token"',
      });
      // Every route behind JwtAuthGuard refuses it, not only the @MemberCan ones.
      expect((await bearer(service, '/probe/me', oldToken)).body).toEqual(membershipChanged);
      expect((await bearer(service, '/probe/me', newToken)).status).toBe(200);
      expect((await bearer(service, '/probe/me', elsewhere)).status).toBe(200);
      expect((await bearer(service, '/probe/me', colleague)).status).toBe(200);
      expect((await bearer(service, '/probe/me', lapsedToken)).status).toBe(200);

      const late = await startService(natsOptions);
      expect(late.app.get(MembershipVersions).feedStatus()).toBe('up');
      expect(await bearer(late, '/probe/me', oldToken)).toMatchObject({
        status: 401,
        body: membershipChanged,
      });
      expect((await bearer(late, '/probe/me', newToken)).status).toBe(200);
      expect((await bearer(late, '/probe/me', elsewhere)).status).toBe(200);
      expect((await bearer(late, '/probe/me', lapsedToken)).status).toBe(200);
    });

    it("refuses a removed member's tokens, and keeps the highest version whatever the order of arrival", async () => {
      const removed = claimsFor({ orgRole: 'billing', mv: 4 });
      const token = await signToken(identityKey, removed);
      const reInvited = await signToken(identityKey, { ...removed, mv: 9, sid: randomUUID() });
      await publishMembershipChange(membershipChangeOf(removed, { version: 9, role: 'member' }));
      await publishMembershipChange(membershipChangeOf(removed, { version: 6, role: null }));
      await waitFor(
        async () => (await bearer(service, '/probe/me', token)).status === 401,
        'the removal to reach the service',
      );
      expect((await bearer(service, '/probe/me', reInvited)).status).toBe(200);
    });

    it('without NATS knows the membership changes recorded in its own process', async () => {
      const local = await startService();
      const memberships = local.app.get(MembershipVersions);
      expect(memberships.feedStatus()).toBe('not-configured');
      const claims = claimsFor();
      const token = await signToken(identityKey, claims);
      expect((await bearer(local, '/probe/me', token)).status).toBe(200);
      memberships.record(membershipChangeOf(claims));
      expect(await bearer(local, '/probe/me', token)).toMatchObject({ status: 401, body: membershipChanged });
      // Another app in the same process keeps its own versions.
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
    });
  });

  describe('session revocation over NATS', () => {
    it('refuses a session once its revocation is published, and so does a service started after it', async () => {
      const signedOut = claimsFor();
      const signedOutToken = await signToken(identityKey, signedOut);
      const bystanderToken = await signToken(identityKey);
      const lapsed = claimsFor();
      const lapsedToken = await signToken(identityKey, lapsed);
      expect((await bearer(service, '/probe/me', signedOutToken)).status).toBe(200);

      const js = jetstream(jetStream.nats);
      await js.publish(revocationSubject, 'not json'); // skipped, the feed keeps reading
      // A revocation whose session has expired anyway is forgotten at once.
      await publishRevocation(revocationOf(lapsed, new Date(Date.now() - 1000)));
      await publishRevocation(revocationOf(signedOut));

      await waitFor(
        async () => (await bearer(service, '/probe/me', signedOutToken)).status === 401,
        'the revocation to reach the service',
      );
      expect((await bearer(service, '/probe/me', signedOutToken)).body).toEqual({
        statusCode: 401,
        message: authMessages.sessionEnded,
      });
      expect((await bearer(service, '/probe/me', bystanderToken)).status).toBe(200);
      expect((await bearer(service, '/probe/me', lapsedToken)).status).toBe(200);

      const late = await startService(natsOptions);
      expect(late.app.get(SessionRevocations).feedStatus()).toBe('up');
      expect((await bearer(late, '/probe/me', signedOutToken)).status).toBe(401);
      expect((await bearer(late, '/probe/me', bystanderToken)).status).toBe(200);
      expect((await bearer(late, '/probe/me', lapsedToken)).status).toBe(200);
    });

    it('starts and serves while NATS is unreachable', async () => {
      const offline = await startService({
        ...natsOptions,
        natsUrl: `nats://127.0.0.1:${await closedPort()}`,
      });
      expect(offline.app.get(SessionRevocations).feedStatus()).toBe('down');
      expect((await bearer(offline, '/probe/me', await signToken(identityKey))).status).toBe(200);
    });

    it('without NATS knows the revocations made in its own process', async () => {
      const local = await startService();
      const revocations = local.app.get(SessionRevocations);
      expect(revocations.feedStatus()).toBe('not-configured');
      const claims = claimsFor();
      const token = await signToken(identityKey, claims);
      expect((await bearer(local, '/probe/me', token)).status).toBe(200);
      revocations.revoke(claims.sid, new Date(claims.exp * 1000));
      expect((await bearer(local, '/probe/me', token)).status).toBe(401);
      // Another app in the same process has its own strategy and revocations.
      expect((await bearer(service, '/probe/me', token)).status).toBe(200);
    });
  });

  describe("identity's JWKS", () => {
    const unknownKidToken = (attempt: number) => signToken(strangerKey, claimsFor(), `made-up-${attempt}`);

    it('answers 503 only while no key set was ever read, and recovers when identity answers', async () => {
      await jwks.stop();
      let cold: Probe;
      try {
        cold = await startService();
        expect(await bearer(cold, '/probe/me', await signToken(identityKey))).toMatchObject({
          status: 503,
          body: { statusCode: 503, message: authMessages.unavailable },
        });
      } finally {
        await jwks.start();
      }
      expect((await bearer(cold, '/probe/me', await signToken(identityKey))).status).toBe(200);
    });

    it('answers a flood of made-up kids with 401, refetching at most once, and genuine tokens keep verifying', async () => {
      const hitsBefore = jwks.hits;
      const flooded = await startService({ jwksUnknownKidRefreshIntervalMs: 60_000 });
      // The flood comes first: not even a key read for an earlier token is needed.
      const forged = await Promise.all(Array.from({ length: 60 }, (_, attempt) => unknownKidToken(attempt)));
      const genuine = await Promise.all(Array.from({ length: 5 }, () => signToken(identityKey)));
      const answers = await Promise.all([
        ...forged.map(async (token) => ['forged', (await bearer(flooded, '/probe/me', token)).status]),
        ...genuine.map(async (token) => ['genuine', (await bearer(flooded, '/probe/me', token)).status]),
      ]);
      expect(answers.filter(([who, status]) => (who === 'forged' ? status !== 401 : status !== 200))).toEqual(
        [],
      );
      // The start-up read, and at most one refetch for all the unknown kids.
      expect(jwks.hits - hitsBefore).toBeLessThanOrEqual(2);
      for (let attempt = 60; attempt < 70; attempt += 1) {
        expect((await bearer(flooded, '/probe/me', await unknownKidToken(attempt))).status).toBe(401);
      }
      expect(jwks.hits - hitsBefore).toBeLessThanOrEqual(2);
      expect((await bearer(flooded, '/probe/me', await signToken(identityKey))).status).toBe(200);
    });

    it('keeps known keys across refreshes and while the JWKS cannot be read, and drops a withdrawn key', async () => {
      const refreshing = await startService({ jwksRefreshIntervalMs: 100 });
      expect((await bearer(refreshing, '/probe/me', await signToken(identityKey))).status).toBe(200);
      await jwks.stop();
      try {
        await sleep(350); // several refreshes fail meanwhile
        expect((await bearer(refreshing, '/probe/me', await signToken(identityKey))).status).toBe(200);
        // A kid it does not know is refused (401), not a 503 that would hold back every token.
        expect(await bearer(refreshing, '/probe/me', await signToken(rotatedKey))).toMatchObject({
          status: 401,
          body: { statusCode: 401, message: authMessages.invalidToken },
        });
        jwks.keys = [rotatedKey.jwk];
      } finally {
        await jwks.start();
      }
      await waitFor(
        async () => (await bearer(refreshing, '/probe/me', await signToken(identityKey))).status === 401,
        'the withdrawn key to be dropped',
        2000,
      );
      expect((await bearer(refreshing, '/probe/me', await signToken(rotatedKey))).status).toBe(200);
      jwks.keys = [identityKey.jwk, rotatedKey.jwk];
    });

    it('accepts a newly published key within jwksUnknownKidRefreshIntervalMs', async () => {
      const nextKey = await createTestKey('identity-next');
      const rotating = await startService({ jwksUnknownKidRefreshIntervalMs: 500 });
      const nextToken = await signToken(nextKey);
      expect((await bearer(rotating, '/probe/me', await signToken(identityKey))).status).toBe(200);
      expect((await bearer(rotating, '/probe/me', nextToken)).status).toBe(401);
      const published = Date.now();
      jwks.keys = [...jwks.keys, nextKey.jwk];
      try {
        await waitFor(
          async () => (await bearer(rotating, '/probe/me', nextToken)).status === 200,
          'the new key to be accepted',
          1500,
        );
        expect(Date.now() - published).toBeGreaterThanOrEqual(400);
        expect((await bearer(rotating, '/probe/me', await signToken(identityKey))).status).toBe(200);
      } finally {
        jwks.keys = jwks.keys.filter((key) => key.kid !== nextKey.kid);
      }
    });
  });
});
