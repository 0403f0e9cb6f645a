import { Controller, Get, Module, UseGuards } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { apiKeyMessages } from '@portal/contracts';
import { createServiceApp } from '@portal/nest-http';
import {
  apiTokenClaimsFor,
  claimsFor,
  createTestKey,
  hs256WithPublicKey,
  JwksServer,
  signApiToken,
  signToken,
  type TestKey,
  unsignedToken,
} from '@portal/testing';
import {
  type ApiCaller,
  apiKeyAuthMessages,
  ApiScopes,
  type AuthenticatedUser,
  AuthModule,
  CurrentApiCaller,
  CurrentUser,
  identityJwksUrl,
  JwtAuthGuard,
} from './index';

@Controller('v1')
class PublicApiProbe {
  @Get('whoami')
  @ApiScopes()
  whoami(@CurrentApiCaller() caller: ApiCaller) {
    return caller;
  }

  @Get('tickets')
  @ApiScopes('tickets:read')
  tickets(@CurrentApiCaller() caller: ApiCaller) {
    return { organizationId: caller.organizationId };
  }
}

// Scopes on the controller and on a route add up.
@Controller('v1/agents')
@ApiScopes('agents:read')
class AgentsProbe {
  @Get()
  list() {
    return { area: 'agents' };
  }

  @Get('tickets')
  @ApiScopes('tickets:read')
  both() {
    return { area: 'agents and tickets' };
  }
}

@Controller('api')
class MemberProbe {
  @Get('me')
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  wwwAuthenticate: string | null;
}

const seconds = (offset: number) => Math.floor(Date.now() / 1000) + offset;

describe('ApiKeyGuard and @ApiScopes', () => {
  let identityKey: TestKey;
  let strangerKey: TestKey;
  let jwks: JwksServer;
  let app: NestFastifyApplication;
  let baseUrl: string;

  const call = async (path: string, token?: string): Promise<Answer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      wwwAuthenticate: res.headers.get('www-authenticate'),
    };
  };

  beforeAll(async () => {
    [identityKey, strangerKey] = await Promise.all([createTestKey('identity-1'), createTestKey('stranger')]);
    jwks = new JwksServer([identityKey.jwk]);
    await jwks.start();
    @Module({
      imports: [AuthModule.forRoot({ jwksUrl: identityJwksUrl(jwks.baseUrl) })],
      controllers: [PublicApiProbe, AgentsProbe, MemberProbe],
    })
    class ProbeModule {}
    app = await createServiceApp(ProbeModule, { name: 'api-key-guard-spec', logLevel: 'silent' });
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
    await jwks.stop();
  });

  it('answers a good API token with the key, its organization, scopes and creator', async () => {
    const claims = apiTokenClaimsFor({ scp: ['tickets:read', 'agents:read'] });
    const answer = await call('/v1/whoami', await signApiToken(identityKey, claims));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      keyId: claims.sub,
      organizationId: claims.org,
      scopes: ['tickets:read', 'agents:read'],
      creatorId: claims.usr,
    });
    // Verified once, trusted for the next request of the same text (VerifiedTokens).
    expect((await call('/v1/tickets', await signApiToken(identityKey, claims))).status).toBe(200);
  });

  it('answers 401 without a token, asking for a bearer token', async () => {
    const answer = await call('/v1/whoami');
    expect(answer).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: apiKeyMessages.invalidKey },
      wwwAuthenticate: 'Bearer',
    });
  });

  it("never takes a member's access token (audience portal) for an API token", async () => {
    const member = await signToken(identityKey, claimsFor());
    expect((await call('/api/me', member)).status).toBe(200);
    const answer = await call('/v1/whoami', member);
    expect(answer).toMatchObject({
      status: 401,
      body: { message: apiKeyMessages.invalidKey },
      wwwAuthenticate: 'Bearer error="invalid_token"',
    });
  });

  it('never takes an API token (audience portal-api) for an access token', async () => {
    const apiToken = await signApiToken(identityKey);
    expect((await call('/v1/whoami', apiToken)).status).toBe(200);
    expect(await call('/api/me', apiToken)).toMatchObject({ status: 401, body: { statusCode: 401 } });
    // Not even an API token that claims the members' audience but lacks their claims.
    const claimsPortal = await signApiToken(identityKey, { ...apiTokenClaimsFor(), aud: 'portal' as never });
    expect((await call('/api/me', claimsPortal)).status).toBe(401);
    expect((await call('/v1/whoami', claimsPortal)).status).toBe(401);
  });

  it('answers 401 for expired, overlong, forged, unsigned or malformed API tokens', async () => {
    const expired = apiTokenClaimsFor({ iat: seconds(-600), exp: seconds(-1) });
    const overlong = apiTokenClaimsFor({ iat: seconds(0), exp: seconds(3600) });
    const noScopes = { ...apiTokenClaimsFor(), scp: ['tickets:delete'] } as never;
    const tokens = [
      await signApiToken(identityKey, expired),
      await signApiToken(identityKey, overlong),
      await signApiToken(identityKey, noScopes),
      await signApiToken(strangerKey),
      unsignedToken(apiTokenClaimsFor() as never),
      await hs256WithPublicKey(identityKey, apiTokenClaimsFor() as never),
      'not-a-jwt',
    ];
    for (const token of tokens) {
      const answer = await call('/v1/whoami', token);
      expect({ token, status: answer.status, message: answer.body.message }).toEqual({
        token,
        status: 401,
        message: apiKeyMessages.invalidKey,
      });
    }
  });

  it('answers 403 naming the scope a key lacks', async () => {
    const token = await signApiToken(identityKey, apiTokenClaimsFor({ scp: ['tickets:write'] }));
    expect(await call('/v1/tickets', token)).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: apiKeyAuthMessages.missingScope('tickets:read') },
    });
    expect((await call('/v1/whoami', token)).status).toBe(200);
  });

  it("adds a controller's scopes to a route's", async () => {
    const agentsOnly = await signApiToken(identityKey, apiTokenClaimsFor({ scp: ['agents:read'] }));
    const ticketsOnly = await signApiToken(identityKey, apiTokenClaimsFor({ scp: ['tickets:read'] }));
    const both = await signApiToken(identityKey, apiTokenClaimsFor({ scp: ['agents:read', 'tickets:read'] }));
    expect((await call('/v1/agents', agentsOnly)).status).toBe(200);
    expect(await call('/v1/agents/tickets', agentsOnly)).toMatchObject({
      status: 403,
      body: { message: apiKeyAuthMessages.missingScope('tickets:read') },
    });
    expect(await call('/v1/agents/tickets', ticketsOnly)).toMatchObject({
      status: 403,
      body: { message: apiKeyAuthMessages.missingScope('agents:read') },
    });
    expect((await call('/v1/agents/tickets', both)).status).toBe(200);
  });
});
