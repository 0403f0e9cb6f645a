import { jetstream } from '@nats-io/jetstream';
import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventEnvelope, events, type SessionRevokedData } from '@portal/contracts';
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
  const natsOptions = { natsUrl: testNatsUrl(), revocationStream: stream, revocationSubject };
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
      controllers: [ProbeController, BackOfficeController],
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
      });
      const withoutOrg = claimsFor({ org: null });
      expect(
        (await bearer(service, '/probe/me', await signToken(identityKey, withoutOrg))).body,
      ).toMatchObject({
        organizationId: null,
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
      expect(answers.filter(([who, status]) => (who === 'forged' ? status !== 401 : status !== 200))).toEqual([]);
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
