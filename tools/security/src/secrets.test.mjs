// A canary CRM token (an integration's API key with a value found nowhere else) goes through everything
// an integration goes through, and through the requests that fail. Then it must appear nowhere: not in
// a pg_dump of any service's database, not in the output of any process of the stack, not in any
// response the suite received.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { apiClient, transcript } from './support/api.mjs';
import { inboundSignature, openSecurityStack } from './support/fixtures.mjs';
import { databaseOf, databaseServerUrl, databaseUrlOf, serviceNames } from './support/stack.mjs';

const canary = `crm-canary-${randomBytes(16).toString('hex')}`;
/** The canary as it could leak: plain, base64, base64url, hex, and JSON- or URL-escaped (the same as plain here). */
const encodings = [
  ['plain', canary],
  ['base64', Buffer.from(canary).toString('base64').replace(/=+$/, '')],
  ['base64url', Buffer.from(canary).toString('base64url')],
  ['hex', Buffer.from(canary).toString('hex')],
];
const findIn = (text) => encodings.filter(([, value]) => text.includes(value)).map(([name]) => name);

let stack;
let gateway;
let ctx;
let integration;

before(async () => {
  ({ stack, gateway, ctx } = await openSecurityStack());
});
after(async () => {
  await stack?.stop();
});

describe('a canary CRM token', () => {
  test('goes through an integration’s whole life and the requests that fail', async () => {
    const crm = apiClient(stack.serviceUrls.crm);
    const body = {
      type: 'salesforce',
      name: 'Canary CRM',
      apiKey: canary,
      webhookUrl: 'https://example.com/canary',
    };
    integration = await gateway.expectStatus(201, 'POST', '/api/crm/integrations', {
      token: ctx.a.token,
      body,
    });

    // Read back by its owner, at the gateway and at crm; refused to B; switched off and on by staff.
    for (const client of [gateway, crm]) {
      const list = await client.expectStatus(200, 'GET', '/api/crm/integrations', { token: ctx.a.token });
      assert.ok(list.some((each) => each.id === integration.id));
      await client.expectStatus(200, 'GET', '/api/crm/integrations', { token: ctx.b.token });
      await client.expectStatus(404, 'DELETE', `/api/crm/integrations/${integration.id}`, {
        token: ctx.b.token,
      });
    }
    for (const isActive of [false, true]) {
      await gateway.expectStatus(200, 'PATCH', `/api/crm/staff/integrations/${integration.id}`, {
        token: ctx.staff.token,
        body: { isActive },
      });
    }
    await gateway.expectStatus(200, 'GET', '/api/support/staff/tickets', { token: ctx.staff.token });
    // It reports a call (and kpi counts it) through its signed inbound URL.
    const call = JSON.stringify({
      type: 'call.completed',
      data: { call_id: `canary-call-${Date.now()}`, duration: 42 },
    });
    await gateway.expectStatus(202, 'POST', `/api/crm/inbound/${integration.id}`, {
      body: call,
      contentType: 'application/json',
      headers: inboundSignature(integration.signingSecret, call),
    });
    await gateway.expectStatus(200, 'GET', '/api/kpi/metrics', { token: ctx.a.token });

    // Requests carrying the canary that fail: unknown field, bad type, too long, broken JSON, wrong type.
    /** @type {[number, import('@portal/toolkit/api-client').CallOptions][]} */
    const failing = [
      [400, { body: { ...body, isActive: false } }],
      [400, { body: { ...body, type: 'not-a-crm' } }],
      [400, { body: { ...body, apiKey: `${canary}${'x'.repeat(2000)}` } }],
      [400, { body: { ...body, apiKey: `${canary}\u0000` } }],
      [
        400,
        { body: `{"type":"hubspot","name":"Canary","apiKey":"${canary}",}`, contentType: 'application/json' },
      ],
      [400, { body: `{"apiKey":"${canary}" "name":"x"}`, contentType: 'application/json' }],
      [415, { body: JSON.stringify(body), contentType: 'text/plain' }],
      [
        415,
        { body: `apiKey=${canary}&type=hubspot&name=x`, contentType: 'application/x-www-form-urlencoded' },
      ],
    ];
    for (const client of [gateway, crm]) {
      for (const [status, request] of failing) {
        await client.expectStatus(status, 'POST', '/api/crm/integrations', {
          token: ctx.a.token,
          ...request,
        });
      }
      // Without a token, and to the wrong place (a body is not a URL: a key put in a URL is logged).
      await client.expectStatus(401, 'POST', '/api/crm/integrations', { body });
      await client.expectStatus(404, 'POST', `/api/crm/inbound/${integration.id}/events`, { body });
    }
    await gateway.expectStatus(400, 'POST', '/api/support/tickets', {
      token: ctx.a.token,
      body: { title: 'My CRM key', description: `is ${canary}`, apiKey: canary },
    });
  });

  test('is stored sealed: crm holds the integration, its key column is filled and is not the canary', async () => {
    const client = new pg.Client({ connectionString: databaseUrlOf('crm') });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT access_token FROM integrations WHERE id = $1', [
        integration.id,
      ]);
      assert.equal(rows.length, 1);
      assert.ok(rows[0].access_token.length > canary.length, 'a sealed value is stored');
      assert.deepEqual(findIn(rows[0].access_token), []);
    } finally {
      await client.end();
    }
  });

  test('appears 0 times in any response the suite received', () => {
    assert.ok(transcript.length >= 40, `${transcript.length} responses recorded`);
    const leaks = transcript.filter((response) => findIn(response).length > 0);
    assert.deepEqual(
      leaks.map((response) => response.slice(0, 300)),
      [],
    );
  });

  test('appears 0 times in a pg_dump of every service database', () => {
    for (const service of serviceNames) {
      const dump = spawnSync('pg_dump', ['--dbname', databaseUrlOf(service), '--no-owner'], {
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
      });
      assert.equal(dump.status, 0, `pg_dump ${databaseOf(service)} (${databaseServerUrl}): ${dump.stderr}`);
      assert.match(dump.stdout, /PostgreSQL database dump complete/);
      assert.deepEqual(findIn(dump.stdout), [], `the canary is in ${databaseOf(service)}`);
      if (service === 'crm')
        assert.ok(dump.stdout.includes(integration.id), 'the dump holds the canary integration');
    }
  });

  test('appears 0 times in the output of any process of the stack, to its shutdown', async () => {
    await stack.stop();
    const output = stack.output();
    for (const name of ['identity', 'commerce', 'crm', 'support', 'kpi', 'gateway']) {
      assert.match(output, new RegExp(`^\\[${name}\\] `, 'm'), `${name}'s output is captured`);
    }
    // The requests above are in the access logs (so the check reads what was logged about them).
    assert.ok(output.includes(integration.id), 'the logs mention the canary integration');
    const lines = output.split('\n').filter((line) => findIn(line).length > 0);
    assert.deepEqual(
      lines.map((line) => line.slice(0, 300)),
      [],
      `the canary is in the logs (${stack.logFile})`,
    );
  });
});
