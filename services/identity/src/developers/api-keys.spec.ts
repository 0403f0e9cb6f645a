import { createHash } from 'node:crypto';
import {
  API_KEY_VISIBLE_LENGTH,
  API_KEYS_PER_ORGANIZATION,
  apiKeyListResponseSchema,
  apiKeyMessages,
  apiKeySchema,
  apiKeyTextPattern,
  createdApiKeySchema,
  rollApiKeyResponseSchema,
  subjects,
  teamMessages,
} from '@portal/contracts';
import { startForSuite } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { addMember, auditSummaries, signUpOwner, teamCall, type TeamOwner } from '../test/team-helpers';

const HOUR_MS = 60 * 60 * 1000;

describe('API keys of the Developers page', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  const call = (method: string, path: string, token: string, body?: unknown) =>
    teamCall(harness(), method, `/api/developers/keys${path}`, token, body);

  async function createKey(owner: TeamOwner, name = 'Zapier', scopes = ['tickets:read', 'tickets:write']) {
    const response = await call('POST', '', owner.token, { name, scopes });
    expect(response.status).toBe(201);
    return createdApiKeySchema.parse(response.body);
  }

  const list = async (token: string) => {
    const response = await call('GET', '', token);
    expect(response.status).toBe(200);
    return apiKeyListResponseSchema.parse(response.body);
  };

  /** The `portal.apikeys.changed` events of a key, oldest first. */
  const changes = async (keyId: string) =>
    (
      await harness().dataSource.query<{ data: Record<string, unknown> }[]>(
        `SELECT data FROM outbox WHERE subject = $1 AND data->>'keyId' = $2 ORDER BY seq`,
        [subjects.apiKeyChanged, keyId],
      )
    ).map((row) => row.data);

  it('shows a new key once, keeps only its SHA-256 and prefix, and lists keys newest first without it', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const first = await createKey(owner, '  Zapier  ', ['tickets:read']);
    expect(first.key).toMatch(apiKeyTextPattern);
    expect(first).toMatchObject({
      name: 'Zapier',
      prefix: first.key.slice(0, API_KEY_VISIBLE_LENGTH),
      scopes: ['tickets:read'],
      status: 'active',
      createdBy: { id: owner.id, name: 'Ana Ruiz' },
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      rolledFromId: null,
    });
    expect(first.prefix).toMatch(/^mcx_live_[A-Za-z0-9]{6}$/);
    const second = await createKey(owner, 'Warehouse sync', ['agents:read', 'tickets:write']);
    expect(second.key).not.toBe(first.key);

    const listed = await list(owner.token);
    expect(listed.map((key) => key.id)).toEqual([second.id, first.id]);
    const { key: _shownOnce, ...withoutKey } = first;
    expect(listed[1]).toEqual(withoutKey);
    const listedText = JSON.stringify(listed);
    expect(listedText).not.toContain(first.key);
    expect(listedText).not.toContain(first.key.slice(API_KEY_VISIBLE_LENGTH));
    expect(listed.every((key) => !('key' in key))).toBe(true);

    // The database holds the key's SHA-256, never its text or its secret part.
    const [row] = await harness().dataSource.query<Record<string, unknown>[]>(
      'SELECT * FROM api_keys WHERE id = $1',
      [first.id],
    );
    expect(row.key_hash).toEqual(createHash('sha256').update(first.key).digest());
    expect(JSON.stringify(row)).not.toContain(first.key.slice(API_KEY_VISIBLE_LENGTH));
    expect(row.prefix).toBe(first.prefix);

    expect(await auditSummaries(harness(), owner.token)).toContain(
      `Ana Ruiz created the API key "Zapier" (${first.prefix}…)`,
    );
  });

  it('refuses a bad name, scope or grace with the contract messages', async () => {
    const owner = await signUpOwner(harness());
    const created = await createKey(owner);
    const cases: [unknown, string][] = [
      [{ name: '   ', scopes: ['tickets:read'] }, apiKeyMessages.nameRequired],
      [{ scopes: ['tickets:read'] }, apiKeyMessages.nameRequired],
      [{ name: 'A', scopes: [] }, apiKeyMessages.scopesRequired],
      [{ name: 'A' }, apiKeyMessages.scopesRequired],
      [{ name: 'A', scopes: ['tickets:read', 'tickets:read'] }, apiKeyMessages.scopesRepeated],
    ];
    for (const [body, message] of cases) {
      expect(await call('POST', '', owner.token, body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await call('POST', '', owner.token, { name: 'A', scopes: ['admin'] })).status).toBe(400);
    expect(
      (await call('POST', '', owner.token, { name: 'x'.repeat(81), scopes: ['agents:read'] })).status,
    ).toBe(400);
    expect(
      (await call('POST', '', owner.token, { name: 'A', scopes: ['agents:read'], key: 'x' })).status,
    ).toBe(400);
    expect(await call('POST', `/${created.id}/roll`, owner.token, { graceHours: 5 })).toMatchObject({
      status: 400,
      body: { message: apiKeyMessages.graceInvalid },
    });
    expect(await list(owner.token)).toHaveLength(1);
  });

  it('rolls a key: a new key with the same name and scopes, the old one working for the grace chosen', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const old = await createKey(owner, 'Zapier', ['tickets:read', 'agents:read']);
    const before = Date.now();
    const response = await call('POST', `/${old.id}/roll`, owner.token, { graceHours: 24 });
    expect(response.status).toBe(201);
    const { key, previous } = rollApiKeyResponseSchema.parse(response.body);
    expect(key.key).toMatch(apiKeyTextPattern);
    expect(key.key).not.toBe(old.key);
    expect(key).toMatchObject({
      name: 'Zapier',
      scopes: ['tickets:read', 'agents:read'],
      status: 'active',
      rolledFromId: old.id,
      expiresAt: null,
    });
    expect(previous).toMatchObject({ id: old.id, status: 'expiring', revokedAt: null });
    const ends = Date.parse(previous.expiresAt!);
    expect(ends).toBeGreaterThanOrEqual(before + 24 * HOUR_MS - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS + 5_000);

    expect((await list(owner.token)).map(({ id, status }) => ({ id, status }))).toEqual([
      { id: key.id, status: 'active' },
      { id: old.id, status: 'expiring' },
    ]);
    expect(await changes(old.id)).toEqual([
      { keyId: old.id, organizationId: owner.organizationId, revokedAt: null, expiresAt: previous.expiresAt },
    ]);
    expect((await auditSummaries(harness(), owner.token))[0]).toBe(
      `Ana Ruiz rolled the API key "Zapier" (${old.prefix}…); the old key works for 24 more hours`,
    );

    // The old key has its replacement: rolling it again is refused; its replacement rolls.
    expect(await call('POST', `/${old.id}/roll`, owner.token, { graceHours: 1 })).toMatchObject({
      status: 409,
      body: { message: apiKeyMessages.keyAlreadyRolled },
    });
    const now = await call('POST', `/${key.id}/roll`, owner.token, { graceHours: 0 });
    expect(now.status).toBe(201);
    const rolledAtOnce = rollApiKeyResponseSchema.parse(now.body);
    expect(rolledAtOnce.previous.status).toBe('expired');
    expect(Date.parse(rolledAtOnce.previous.expiresAt!)).toBeLessThanOrEqual(Date.now());
    expect(await call('POST', `/${key.id}/roll`, owner.token, { graceHours: 24 })).toMatchObject({
      status: 409,
      body: { message: apiKeyMessages.keyNotActive },
    });
    expect(await changes(key.id)).toHaveLength(1);
  });

  it('revokes a key at once, idempotently, with one event and one audit entry', async () => {
    const owner = await signUpOwner(harness(), 'Ana Ruiz');
    const created = await createKey(owner);
    const response = await call('DELETE', `/${created.id}`, owner.token);
    expect(response.status).toBe(200);
    const revoked = apiKeySchema.parse(response.body);
    expect(revoked).toMatchObject({ id: created.id, status: 'revoked', expiresAt: null });
    expect(Date.parse(revoked.revokedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect('key' in revoked).toBe(false);

    const again = await call('DELETE', `/${created.id}`, owner.token);
    expect(again).toMatchObject({
      status: 200,
      body: { id: created.id, status: 'revoked', revokedAt: revoked.revokedAt },
    });
    expect(await changes(created.id)).toEqual([
      {
        keyId: created.id,
        organizationId: owner.organizationId,
        revokedAt: revoked.revokedAt,
        expiresAt: null,
      },
    ]);
    const summaries = await auditSummaries(harness(), owner.token);
    expect(summaries.filter((summary) => summary.includes('revoked the API key'))).toEqual([
      `Ana Ruiz revoked the API key "Zapier" (${created.prefix}…)`,
    ]);
    expect(await call('POST', `/${created.id}/roll`, owner.token, { graceHours: 1 })).toMatchObject({
      status: 409,
      body: { message: apiKeyMessages.keyNotActive },
    });
    expect((await list(owner.token))[0].status).toBe('revoked');
  });

  it("keeps each organization's keys to itself: another organization's key is not found", async () => {
    const owner = await signUpOwner(harness());
    const theirs = await signUpOwner(harness());
    const key = await createKey(owner);

    expect(await list(theirs.token)).toEqual([]);
    for (const [method, path, body] of [
      ['DELETE', `/${key.id}`, undefined],
      ['POST', `/${key.id}/roll`, { graceHours: 0 }],
    ] as const) {
      expect(await call(method, path, theirs.token, body)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: apiKeyMessages.keyNotFound },
      });
    }
    expect((await list(owner.token)).map(({ id, status }) => ({ id, status }))).toEqual([
      { id: key.id, status: 'active' },
    ]);
    expect(await changes(key.id)).toEqual([]);
  });

  it('answers 404 with a message for an id that is no uuid or no key', async () => {
    const owner = await signUpOwner(harness());
    for (const [method, path, body] of [
      ['DELETE', '/not-a-uuid', undefined],
      ['POST', '/12345/roll', { graceHours: 1 }],
      ['DELETE', '/5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b', undefined],
    ] as const) {
      expect(await call(method, path, owner.token, body)).toMatchObject({
        status: 404,
        body: { message: apiKeyMessages.keyNotFound },
      });
    }
  });

  it('lets owners, admins and CRM managers manage keys; billing and members get 403; no token 401', async () => {
    const owner = await signUpOwner(harness());
    const key = await createKey(owner);
    for (const role of ['billing', 'member'] as const) {
      const member = await addMember(harness(), owner.token, role, `A ${role}`);
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['POST', '', { name: 'Mine', scopes: ['tickets:read'] }],
        ['POST', `/${key.id}/roll`, { graceHours: 0 }],
        ['DELETE', `/${key.id}`, undefined],
      ] as const) {
        expect(await call(method, path, member.token, body)).toMatchObject({
          status: 403,
          body: { message: teamMessages.notAllowed },
        });
      }
    }
    for (const role of ['admin', 'crm_manager'] as const) {
      const member = await addMember(harness(), owner.token, role, `A ${role}`);
      expect((await call('GET', '', member.token)).status).toBe(200);
      expect((await call('POST', '', member.token, { name: role, scopes: ['agents:read'] })).status).toBe(
        201,
      );
    }
    expect((await list(owner.token)).map((listed) => listed.status)).toEqual(['active', 'active', 'active']);
    expect((await teamCall(harness(), 'GET', '/api/developers/keys')).status).toBe(401);
  });

  it(`holds at most ${API_KEYS_PER_ORGANIZATION} active or expiring keys per organization`, async () => {
    const owner = await signUpOwner(harness());
    const first = await createKey(owner);
    // 48 more, as if created one by one (each with a hash of its own).
    await harness().dataSource.query(
      `INSERT INTO api_keys (organization_id, name, prefix, key_hash, scopes, created_by)
       SELECT $1::uuid, 'bulk ' || n, 'mcx_live_bulk' || n, sha256(convert_to('bulk ' || n || ' ' || $1::text, 'UTF8')), '{tickets:read}', $2::uuid
         FROM generate_series(1, $3::int) AS n`,
      [owner.organizationId, owner.id, API_KEYS_PER_ORGANIZATION - 2],
    );
    const fiftieth = await createKey(owner, 'the fiftieth');
    const tooMany = { status: 409, body: { message: apiKeyMessages.tooManyKeys } };
    expect(await call('POST', '', owner.token, { name: 'one more', scopes: ['tickets:read'] })).toMatchObject(
      tooMany,
    );
    // A roll with a grace keeps the old key live beside the new one; without one it does not.
    expect(await call('POST', `/${first.id}/roll`, owner.token, { graceHours: 1 })).toMatchObject(tooMany);
    expect((await call('POST', `/${first.id}/roll`, owner.token, { graceHours: 0 })).status).toBe(201);
    expect((await call('DELETE', `/${fiftieth.id}`, owner.token)).status).toBe(200);
    expect(
      (await call('POST', '', owner.token, { name: 'in its place', scopes: ['tickets:read'] })).status,
    ).toBe(201);
    // Another organization is not counted.
    const other = await signUpOwner(harness());
    expect((await call('POST', '', other.token, { name: 'theirs', scopes: ['tickets:read'] })).status).toBe(
      201,
    );
  });

  it('counts the limit under concurrent creates: never more than the limit', async () => {
    const owner = await signUpOwner(harness());
    await harness().dataSource.query(
      `INSERT INTO api_keys (organization_id, name, prefix, key_hash, scopes, created_by)
       SELECT $1::uuid, 'bulk ' || n, 'mcx_live_bulk' || n, sha256(convert_to('bulk ' || n || ' ' || $1::text, 'UTF8')), '{tickets:read}', $2::uuid
         FROM generate_series(1, $3::int) AS n`,
      [owner.organizationId, owner.id, API_KEYS_PER_ORGANIZATION - 3],
    );
    const statuses = await Promise.all(
      Array.from(
        { length: 6 },
        async (_, index) =>
          (await call('POST', '', owner.token, { name: `at once ${index}`, scopes: ['tickets:read'] }))
            .status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await list(owner.token)).toHaveLength(API_KEYS_PER_ORGANIZATION);
  });
});
