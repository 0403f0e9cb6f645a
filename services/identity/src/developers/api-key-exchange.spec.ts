import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_ISSUER,
  API_ACCESS_TOKEN_AUDIENCE,
  API_ACCESS_TOKEN_LIFETIME_SECONDS,
  API_KEY_PREFIX,
  apiAccessTokenClaimsSchema,
  apiKeyExchangeResponseSchema,
  apiKeyMessages,
  createdApiKeySchema,
  rollApiKeyResponseSchema,
} from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { startIdentity } from '../test/identity-harness';
import { signUpOwner, teamCall, type TeamOwner } from '../test/team-helpers';
import { randomBase62 } from './api-key-text';

const refused = { status: 401, body: { statusCode: 401, message: apiKeyMessages.invalidKey } };

describe('POST /internal/api-keys/exchange (the gateway asks for a key)', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const exchange = (body: unknown) =>
    request(harness().baseUrl, 'POST', '/internal/api-keys/exchange', { body });

  async function createKey(owner: TeamOwner, scopes = ['tickets:read', 'agents:read']) {
    const response = await teamCall(harness(), 'POST', '/api/developers/keys', owner.token, {
      name: 'Zapier',
      scopes,
    });
    expect(response.status).toBe(201);
    return createdApiKeySchema.parse(response.body);
  }

  const lastUsedAt = async (keyId: string): Promise<Date | null> =>
    (
      await harness().dataSource.query<{ last_used_at: Date | null }[]>(
        'SELECT last_used_at FROM api_keys WHERE id = $1',
        [keyId],
      )
    )[0].last_used_at;

  it("answers an active key with an API token of identity's key, verified by its JWKS with the contract's claims", async () => {
    const owner = await signUpOwner(harness());
    const created = await createKey(owner);
    const before = Math.floor(Date.now() / 1000);
    const response = await exchange({ key: created.key });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = apiKeyExchangeResponseSchema.parse(response.body);
    expect(answer).toMatchObject({
      keyId: created.id,
      organizationId: owner.organizationId,
      scopes: ['tickets:read', 'agents:read'],
      keyExpiresAt: null,
    });

    const jwks = await request<JSONWebKeySet>(harness().baseUrl, 'GET', '/api/auth/.well-known/jwks.json');
    const { payload, protectedHeader } = await jwtVerify(answer.token, createLocalJWKSet(jwks.body), {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: API_ACCESS_TOKEN_AUDIENCE,
    });
    expect(protectedHeader).toEqual({ alg: ACCESS_TOKEN_ALGORITHM, kid: jwks.body.keys[0].kid, typ: 'JWT' });
    // The same key and kid as identity's access tokens.
    expect(decodeProtectedHeader(owner.token).kid).toBe(protectedHeader.kid);
    const claims = apiAccessTokenClaimsSchema.strict().parse(payload);
    expect(claims).toMatchObject({
      sub: created.id,
      org: owner.organizationId,
      scp: ['tickets:read', 'agents:read'],
      usr: owner.id,
      iss: ACCESS_TOKEN_ISSUER,
      aud: API_ACCESS_TOKEN_AUDIENCE,
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBe(API_ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(answer.tokenExpiresAt).toBe(new Date(claims.exp * 1000).toISOString());

    // An API token is never an access token to /api.
    expect((await request(harness().baseUrl, 'GET', '/api/auth/me', { token: answer.token })).status).toBe(
      401,
    );
  });

  it('records the last use when there is none or it is a minute old, not on every exchange', async () => {
    const owner = await signUpOwner(harness());
    const created = await createKey(owner);
    expect(await lastUsedAt(created.id)).toBeNull();
    expect((await exchange({ key: created.key })).status).toBe(200);
    const first = await lastUsedAt(created.id);
    expect(first).not.toBeNull();
    expect(first!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await exchange({ key: created.key })).status).toBe(200);
    expect(await lastUsedAt(created.id)).toEqual(first);

    await harness().dataSource.query(
      `UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = $1`,
      [created.id],
    );
    const aged = await lastUsedAt(created.id);
    expect((await exchange({ key: created.key })).status).toBe(200);
    expect((await lastUsedAt(created.id))!.getTime()).toBeGreaterThan(aged!.getTime() + 60_000);

    const listed = await teamCall(harness(), 'GET', '/api/developers/keys', owner.token);
    expect((listed.body as unknown as { lastUsedAt: string }[])[0].lastUsedAt).toBe(
      (await lastUsedAt(created.id))!.toISOString(),
    );
  });

  it('keeps a rolled key working through its grace, never with a token past its end, then refuses it', async () => {
    const owner = await signUpOwner(harness());
    const old = await createKey(owner);
    const rolled = await teamCall(harness(), 'POST', `/api/developers/keys/${old.id}/roll`, owner.token, {
      graceHours: 1,
    });
    const { key, previous } = rollApiKeyResponseSchema.parse(rolled.body);

    const during = apiKeyExchangeResponseSchema.parse((await exchange({ key: old.key })).body);
    expect(during).toMatchObject({ keyId: old.id, keyExpiresAt: previous.expiresAt });
    expect(apiKeyExchangeResponseSchema.parse((await exchange({ key: key.key })).body)).toMatchObject({
      keyId: key.id,
      keyExpiresAt: null,
    });

    // Two minutes of grace left: the token ends with the key.
    await harness().dataSource.query(
      `UPDATE api_keys SET expires_at = now() + interval '2 minutes' WHERE id = $1`,
      [old.id],
    );
    const [{ ends }] = await harness().dataSource.query<{ ends: Date }[]>(
      'SELECT expires_at AS ends FROM api_keys WHERE id = $1',
      [old.id],
    );
    const late = apiKeyExchangeResponseSchema.parse((await exchange({ key: old.key })).body);
    expect(Date.parse(late.tokenExpiresAt)).toBeLessThanOrEqual(ends.getTime());
    expect(Date.parse(late.tokenExpiresAt)).toBeGreaterThan(ends.getTime() - 1_000);

    await harness().dataSource.query(
      `UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [old.id],
    );
    expect(await exchange({ key: old.key })).toMatchObject(refused);
    expect((await exchange({ key: key.key })).status).toBe(200);
  });

  it('refuses a key rolled with no grace and a revoked key, with the one answer', async () => {
    const owner = await signUpOwner(harness());
    const old = await createKey(owner);
    const rolled = await teamCall(harness(), 'POST', `/api/developers/keys/${old.id}/roll`, owner.token, {
      graceHours: 0,
    });
    const { key } = rollApiKeyResponseSchema.parse(rolled.body);
    expect(await exchange({ key: old.key })).toMatchObject(refused);

    expect((await exchange({ key: key.key })).status).toBe(200);
    expect((await teamCall(harness(), 'DELETE', `/api/developers/keys/${key.id}`, owner.token)).status).toBe(
      200,
    );
    const answer = await exchange({ key: key.key });
    expect(answer).toMatchObject(refused);
    expect(answer.body).toEqual(refused.body);
  });

  it('refuses unknown and malformed keys, and bodies without a key, with the same 401', async () => {
    const owner = await signUpOwner(harness());
    const created = await createKey(owner);
    const bodies: unknown[] = [
      { key: API_KEY_PREFIX + randomBase62(40) },
      { key: created.key.slice(0, -1) },
      { key: `${created.key}x` },
      { key: created.key.replace(API_KEY_PREFIX, 'mcx_test_') },
      { key: `${created.key.slice(0, -1)}-` },
      { key: created.key.toUpperCase() },
      { key: '' },
      { key: 'x'.repeat(201) },
      { key: 42 },
      { key: created.key, extra: true },
      {},
      [],
    ];
    for (const body of bodies) {
      const answer = await exchange(body);
      expect({ body, status: answer.status, answer: answer.body }).toEqual({
        body,
        status: 401,
        answer: refused.body,
      });
    }
    expect(await lastUsedAt(created.id)).toBeNull();
  });

  it("acts for the organization's first owner once the key's creator is gone", async () => {
    const owner = await signUpOwner(harness());
    const created = await createKey(owner);
    await harness().dataSource.query('UPDATE api_keys SET created_by = NULL WHERE id = $1', [created.id]);
    const answer = apiKeyExchangeResponseSchema.parse((await exchange({ key: created.key })).body);
    const jwks = await request<JSONWebKeySet>(harness().baseUrl, 'GET', '/api/auth/.well-known/jwks.json');
    const { payload } = await jwtVerify(answer.token, createLocalJWKSet(jwks.body), {
      audience: API_ACCESS_TOKEN_AUDIENCE,
    });
    expect(payload.usr).toBe(owner.id);
  });
});
