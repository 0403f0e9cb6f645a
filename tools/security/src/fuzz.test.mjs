// 10,000 generated bodies (fast-check) across every write route, through the gateway and straight to
// the services: never a 5xx, never a dropped connection, every process still healthy afterwards. And a
// body of any other content type than JSON answers 415 on every write route.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { pool } from '@portal/toolkit/api-client';
import { apiClient, signIn } from './support/api.mjs';
import { bodiesFor } from './support/bodies.mjs';
import { openSecurityStack, signatureHeaders } from './support/fixtures.mjs';
import { fillPath, routeKey, writeRoutes } from './support/routes.mjs';
import { serviceNames } from './support/stack.mjs';

const TOTAL_BODIES = Number(process.env.SECURITY_FUZZ_BODIES ?? 10_000);
const seed = Number(process.env.SECURITY_FUZZ_SEED ?? Date.now() % 2 ** 31);

let stack;
let gateway;
let ctx;
let targets;

before(async () => {
  ({ stack, gateway, ctx } = await openSecurityStack());
  // Staff switch this one on and off, so A's own integration keeps taking inbound events.
  const spare = await gateway.expectStatus(201, 'POST', '/api/crm/integrations', {
    token: ctx.a.token,
    body: { type: 'hubspot', name: 'Spare', apiKey: 'spare-api-key-1' },
  });
  const signOutToken = (await signIn(gateway, ctx.b)).token;
  targets = (route) => {
    const ids = {
      integrationId: ctx.ids.integration,
      id: randomUUID(),
      userId: randomUUID(),
      organizationId: ctx.ids.organization,
      // A booking's manage link (a made-up token would stop at the lookup, before the body is read).
      token: route.booking && ctx.booking.tokens[route.booking],
    };
    if (route.path === '/api/crm/staff/integrations/:id') ids.id = spare.id;
    if (route.path === '/api/support/staff/tickets/:id') ids.id = ctx.ids.ticket;
    if (route.path.startsWith('/api/crm/staff/leads/:id')) ids.id = ctx.ids.lead;
    const token = {
      public: undefined,
      signature: undefined,
      staff: ctx.staff.token,
      customer: ctx.a.token,
      'signed-in': route.path === '/api/auth/logout' ? signOutToken : ctx.a.token,
    }[route.access];
    return { path: fillPath(route, ids), token };
  };
});
after(async () => {
  await stack?.stop();
});

const services = () =>
  Object.fromEntries(serviceNames.map((name) => [name, apiClient(stack.serviceUrls[name])]));

async function assertHealthy() {
  assert.ok(stack.running, 'the runner is still running');
  assert.ok(
    !/exited unexpectedly|restarted \(pid|crash loop/.test(stack.output()),
    'no process of the stack exited or was restarted',
  );
  for (const [name, client] of Object.entries(services())) {
    const health = await client.call('GET', '/health');
    assert.equal(health.status, 200, `${name} /health: ${health.text}`);
  }
  assert.equal((await gateway.call('GET', '/api/readyz')).status, 200, 'gateway readiness');
}

describe('generated bodies', () => {
  test(`${TOTAL_BODIES} generated bodies across every write route: no 5xx, no dropped connection`, async (t) => {
    t.diagnostic(`fast-check seed ${seed} (SECURITY_FUZZ_SEED=${seed} repeats this run)`);
    assert.ok(writeRoutes.length >= 10, 'every write route is classified');
    const perRoute = Math.floor(TOTAL_BODIES / writeRoutes.length);
    const direct = services();
    const tasks = [];
    for (const [index, route] of writeRoutes.entries()) {
      const count = perRoute + (index < TOTAL_BODIES % writeRoutes.length ? 1 : 0);
      const bodies = fc.sample(bodiesFor(route, ctx), { numRuns: count, seed: seed + index });
      for (const [i, body] of bodies.entries()) {
        tasks.push(async () => {
          const { path, token } = targets(route);
          // Most bodies through the gateway; every fourth straight to the service (no gateway JSON check).
          const viaService = route.service !== 'gateway' && i % 4 === 3;
          const client = viaService ? direct[route.service] : gateway;
          // Signed bodies reach the body checks behind a signature; some stay unsigned.
          const headers = i % 5 === 4 ? {} : signatureHeaders(route, ctx, body);
          try {
            const answer = await client.call(route.method, path, {
              token,
              body,
              contentType: 'application/json',
              headers,
            });
            return {
              route,
              body,
              where: viaService ? route.service : 'gateway',
              status: answer.status,
              text: answer.text,
            };
          } catch (error) {
            return {
              route,
              body,
              where: viaService ? route.service : 'gateway',
              status: 0,
              text: String(/** @type {Error} */ (error).cause ?? error),
            };
          }
        });
      }
    }
    assert.equal(tasks.length, TOTAL_BODIES);
    const results = await pool(tasks, 6);

    const statuses = {};
    for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    t.diagnostic(`statuses: ${JSON.stringify(statuses)}`);
    const failures = results.filter((result) => result.status === 0 || result.status >= 500);
    const shown = failures
      .slice(0, 10)
      .map(
        (f) =>
          `${routeKey(f.route)} at ${f.where}: ${f.status} ${f.text.slice(0, 300)}\n    body: ${f.body.slice(0, 300)}`,
      );
    assert.equal(
      failures.length,
      0,
      `${failures.length} answers were 5xx or no answer:\n  ${shown.join('\n  ')}`,
    );
    // Some bodies were valid: the generator reaches past validation.
    assert.ok(
      results.some((result) => result.status >= 200 && result.status < 300),
      'some generated bodies were accepted',
    );
    await assertHealthy();
  });
});

describe('content types', () => {
  const wrongTypes = [
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/xml',
    'application/octet-stream',
    'application/javascript',
    'text/html',
    'application/jsonp',
    'application/json-seq',
    'json',
  ];

  test('a body of any other content type than JSON answers 415 on every write route, at the gateway and at its service', async () => {
    const wrong = [];
    for (const route of writeRoutes) {
      const { path, token } = targets(route);
      const body = route.example ? JSON.stringify(route.example(ctx)) : '{}';
      const headers = signatureHeaders(route, ctx, body);
      for (const client of [gateway, apiClient(stack.serviceUrls[route.service])]) {
        for (const contentType of [...wrongTypes, undefined]) {
          // The route's own media type is not a wrong one: its malformed body is a 400 (checked in crm).
          if (route.accepts && contentType?.startsWith(route.accepts)) continue;
          // The gateway labels a body without a type application/octet-stream (RFC 9110 §8.3), which
          // on an upload route is its own type (the file's bytes are checked there, ADR 0186).
          if (route.accepts === 'application/octet-stream' && !contentType && client === gateway) continue;
          // undefined: a body with no Content-Type at all (fetch sends none for a Buffer).
          const answer = await client.call(route.method, path, {
            token,
            body: contentType ? body : Buffer.from(body),
            contentType,
            headers,
          });
          if (answer.status !== 415)
            wrong.push(
              `${routeKey(route)} at ${client.baseUrl} as ${contentType ?? 'no content type'}: ${answer.status} ${answer.text.slice(0, 120)}`,
            );
          else assert.equal(typeof answer.body?.message, 'string');
        }
      }
    }
    assert.deepEqual(wrong, []);
    await assertHealthy();
  });
});
