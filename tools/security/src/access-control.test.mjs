// Access control of every route, at the gateway and at each service's own port: who may call what
// (401 without a token, 403 for the wrong role), customer B against customer A's objects (404, never a
// success, never in B's lists), and fields a caller must not set (role, userId, price, status…).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { apiClient, signIn, signUp } from './support/api.mjs';
import {
  idsFor,
  inboundSignature,
  openSecurityStack,
  signatureHeaders,
  waitFor,
} from './support/fixtures.mjs';
import { decodeJwt, withRole } from './support/jwt.mjs';
import {
  bodyRoutes,
  fillPath,
  mappedRoutes,
  routeKey,
  routes,
  unexercisedRoutes,
} from './support/routes.mjs';

let stack;
let gateway;
let ctx;

before(async () => {
  ({ stack, gateway, ctx } = await openSecurityStack());
});
after(async () => {
  await stack?.stop();
});

/** The gateway, and the route's own service when it is one (services listen on their own ports). */
const entryPoints = (route) =>
  route.service === 'gateway'
    ? [['gateway', gateway]]
    : [
        ['gateway', gateway],
        [route.service, apiClient(stack.serviceUrls[route.service])],
      ];

const isSuccess = (status) => status >= 200 && status < 300;

/** A valid body (JSON text) and the headers it needs, for routes that take one. */
function validRequest(route) {
  // A route that takes a file's bytes (an upload): the file, as its own media type.
  if (route.upload) return { body: route.upload(), contentType: route.accepts };
  if (!route.example) return {};
  const body = JSON.stringify(route.example(ctx));
  return { body, contentType: 'application/json', headers: signatureHeaders(route, ctx, body) };
}

describe('route inventory', () => {
  test('the suite classifies exactly the routes the running processes map', () => {
    const running = mappedRoutes(stack.output()).map(routeKey).sort();
    const classified = [...routes, ...unexercisedRoutes].map(routeKey).sort();
    assert.ok(
      running.length >= 20,
      `expected the stack's mapped routes in its output, found ${running.length}`,
    );
    const unclassified = running.filter((key) => !classified.includes(key));
    const gone = classified.filter((key) => !running.includes(key));
    assert.deepEqual(
      unclassified,
      [],
      'routes the suite does not cover: classify them in support/routes.mjs',
    );
    assert.deepEqual(gone, [], 'routes in support/routes.mjs that no process maps any more');
  });

  test("the gateway's route table sends every /api route to the service that maps it", () => {
    const require = createRequire(import.meta.url);
    /** @type {typeof import('@portal/gateway/route-table').routes} */
    const table = require('@portal/gateway/route-table').routes;
    for (const route of routes.filter(
      (each) => each.service !== 'gateway' && each.path.startsWith('/api/'),
    )) {
      const entry = table.find(
        (each) => route.path === each.prefix || route.path.startsWith(`${each.prefix}/`),
      );
      assert.equal(entry?.service, route.service, `${routeKey(route)} is routed to ${entry?.service}`);
    }
  });
});

describe('who may call what', () => {
  const protectedRoutes = routes.filter((route) => ['signed-in', 'customer', 'staff'].includes(route.access));

  test('every route that needs a token answers 401 without one, or with a malformed one', async () => {
    for (const route of protectedRoutes) {
      for (const [where, client] of entryPoints(route)) {
        for (const authorization of [
          undefined,
          'Bearer',
          'Bearer not-a-token',
          `Basic ${Buffer.from('a:b').toString('base64')}`,
        ]) {
          const request = validRequest(route);
          const answer = await client.call(route.method, fillPath(route, idsFor(route, ctx)), {
            ...request,
            headers: { ...request.headers, ...(authorization && { authorization }) },
          });
          assert.equal(
            answer.status,
            401,
            `${routeKey(route)} at ${where} with ${authorization ?? 'no'} authorization`,
          );
        }
      }
    }
  });

  test('every customer token on every staff route answers 403; a staff token is served', async () => {
    const staffRoutes = routes.filter((route) => route.access === 'staff');
    assert.ok(staffRoutes.length >= 3, 'the staff routes are classified');
    // Real customers, and the customer roles the contract knows, signed with the real key.
    const customerTokens = [
      ['customer A', ctx.a.token],
      ['customer B', ctx.b.token],
      ['role user', withRole({ genuine: ctx.b.token, signingKeyPem: stack.signingKeyPem }, 'user')],
      ['role customer', withRole({ genuine: ctx.b.token, signingKeyPem: stack.signingKeyPem }, 'customer')],
    ];
    for (const route of staffRoutes) {
      for (const [where, client] of entryPoints(route)) {
        for (const [who, token] of customerTokens) {
          const answer = await client.call(route.method, fillPath(route, idsFor(route, ctx)), {
            ...validRequest(route),
            token,
          });
          assert.equal(answer.status, 403, `${who} on ${routeKey(route)} at ${where}: ${answer.text}`);
        }
        // Served with the query a valid request carries (a route may need one, e.g. ?organizationId=).
        const query = route.query ? `?${new URLSearchParams(route.query(ctx))}` : '';
        const served = await client.call(route.method, `${fillPath(route, idsFor(route, ctx))}${query}`, {
          ...validRequest(route),
          token: ctx.staff.token,
          stream: route.stream,
        });
        assert.ok(
          isSuccess(served.status),
          `staff on ${routeKey(route)} at ${where}: ${served.status} ${served.text}`,
        );
      }
    }
  });

  test('every staff role on every customer-only route answers 403', async () => {
    const staffTokens = ['admin', 'super_admin', 'billing', 'crm_manager'].map((role) => [
      role,
      withRole({ genuine: ctx.staff.token, signingKeyPem: stack.signingKeyPem }, role),
    ]);
    staffTokens.push(['staff account', ctx.staff.token]);
    for (const route of routes.filter((each) => each.access === 'customer')) {
      for (const [where, client] of entryPoints(route)) {
        for (const [who, token] of staffTokens) {
          // identity checks its own sessions only; elsewhere a role-swapped token of the staff session is genuine.
          const answer = await client.call(route.method, fillPath(route, idsFor(route, ctx)), {
            ...validRequest(route),
            token,
            stream: route.stream,
          });
          assert.equal(answer.status, 403, `${who} on ${routeKey(route)} at ${where}: ${answer.text}`);
        }
      }
    }
  });
});

describe("customer B against customer A's objects", () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const idRoutes = routes.filter((route) => route.path.includes('/:') && route.owned);

  test("every method on every route with an id of A's answers B 404 (0 successes)", async () => {
    const customerIdPaths = new Set(
      idRoutes.filter((route) => ['customer', 'signed-in'].includes(route.access)).map((route) => route.path),
    );
    assert.ok(customerIdPaths.size >= 3, 'orders, integrations and tickets by id are classified');
    let tried = 0;
    for (const route of idRoutes.filter((each) => customerIdPaths.has(each.path))) {
      for (const [where, client] of entryPoints(route)) {
        for (const method of methods) {
          // A method the path maps gets a valid body (a 400 for the body would hide the lookup).
          const mapped = routes.find((each) => each.path === route.path && each.method === method);
          const body =
            method === 'GET' || method === 'DELETE'
              ? undefined
              : mapped?.example
                ? mapped.example(ctx)
                : { title: 'B was here', isActive: false, status: 'closed' };
          const answer = await client.call(method, fillPath(route, idsFor(route, ctx)), {
            token: ctx.b.token,
            body,
          });
          tried += 1;
          assert.equal(
            answer.status,
            404,
            `B: ${method} ${route.path} (A's ${route.owned}) at ${where}: ${answer.text}`,
          );
        }
      }
    }
    assert.ok(tried >= 30);
  });

  test("B cannot act on A's objects through the routes without a customer token either", async () => {
    const inbound = bodyRoutes.find((route) => route.path === '/api/crm/inbound/:integrationId');
    assert.ok(inbound, 'the inbound route is classified');
    const body = JSON.stringify(inbound.example(ctx));
    for (const [where, client] of entryPoints(inbound)) {
      // B's own token is no signature; a signature made with B's guess is not A's secret.
      for (const headers of [{}, inboundSignature('b-guessed-secret', body)]) {
        const answer = await client.call('POST', fillPath(inbound, idsFor(inbound, ctx)), {
          token: ctx.b.token,
          body,
          contentType: 'application/json',
          headers,
        });
        assert.equal(answer.status, 401, `B posting to A's inbound URL at ${where}: ${answer.text}`);
      }
    }
  });

  test("A's objects are untouched and still A's", async () => {
    const order = await gateway.expectStatus(200, 'GET', `/api/user/orders/${ctx.ids.order}`, {
      token: ctx.a.token,
    });
    assert.equal(order.id, ctx.ids.order);
    const ticket = await gateway.expectStatus(200, 'GET', `/api/support/tickets/${ctx.ids.ticket}`, {
      token: ctx.a.token,
    });
    assert.equal(ticket.title, 'A ticket');
    const integrations = await gateway.expectStatus(200, 'GET', '/api/crm/integrations', {
      token: ctx.a.token,
    });
    const integration = integrations.find((each) => each.id === ctx.ids.integration);
    assert.ok(integration, "A's integration is still there");
    assert.equal(integration.name, 'A dialer');
  });

  test("B's lists never contain A's objects, whatever B adds to the query", async () => {
    const aMarkers = [
      ctx.a.id,
      ctx.a.email,
      ctx.a.organizationId,
      ...Object.values(ctx.ids),
      // A's colleagues (the team page's members, invitations and audit entries name them).
      ...Object.values(ctx.members.a).map((member) => member.email),
      'A dialer',
      'Only A may read this',
    ];
    const listRoutes = routes.filter(
      (route) =>
        route.method === 'GET' &&
        route.owned &&
        !route.path.includes('/:') &&
        route.access !== 'staff' &&
        !route.stream,
    );
    assert.ok(listRoutes.length >= 4, 'orders, integrations, tickets and metrics lists are classified');
    const queries = [
      '',
      `?userId=${ctx.a.id}`,
      `?customerId=${ctx.a.id}`,
      `?organizationId=${ctx.a.organizationId}`,
      `?user_id=${ctx.a.id}&id=${ctx.ids.ticket}`,
    ];
    // B's integration counts are those of B's own list, whatever the query names.
    const bIntegrations = await gateway.expectStatus(200, 'GET', '/api/crm/integrations', {
      token: ctx.b.token,
    });
    const bCounts = {
      configured: bIntegrations.length,
      active: bIntegrations.filter((each) => each.isActive).length,
    };
    for (const route of listRoutes) {
      // A sees its own (the check below would be empty otherwise).
      const own = await gateway.call('GET', route.path, { token: ctx.a.token });
      assert.equal(own.status, 200);
      if (route.owned === 'integration-counts')
        assert.ok(own.body.configured > 0, "A's integrations are counted");
      else if (route.owned !== 'metrics')
        assert.ok(
          aMarkers.some((marker) => own.text.includes(marker)),
          `A's ${route.path}`,
        );
      for (const [where, client] of entryPoints(route)) {
        for (const query of queries) {
          const answer = await client.call('GET', `${route.path}${query}`, { token: ctx.b.token });
          assert.ok(
            [200, 400].includes(answer.status),
            `B: GET ${route.path}${query} at ${where}: ${answer.status}`,
          );
          for (const marker of aMarkers) {
            assert.ok(
              !answer.text.includes(marker),
              `B's GET ${route.path}${query} at ${where} shows A's ${marker}`,
            );
          }
          if (route.owned === 'metrics' && answer.status === 200) {
            // JSON has today's counts; the CSV export ends with today's row (Date,Calls,Leads,Conversions).
            const todaysCalls = answer.headers.get('content-type')?.startsWith('text/csv')
              ? Number(answer.text.trim().split('\r\n').at(-1).split(',')[1])
              : answer.body.today.calls;
            assert.equal(todaysCalls, 0, "B's KPIs count A's call");
          }
          if (route.owned === 'integration-counts' && answer.status === 200) {
            assert.deepEqual(answer.body, bCounts, "B's integration counts include A's");
          }
        }
      }
    }
  });

  test("B's live metrics stream carries nothing of A's", async () => {
    const controller = new AbortController();
    const response = await fetch(`${stack.url}/api/kpi/stream`, {
      headers: { authorization: `Bearer ${ctx.b.token}` },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    let received = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body ?? []) received += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted below
      }
    })();
    const before = (await gateway.call('GET', '/api/kpi/metrics', { token: ctx.a.token })).body.today.calls;
    const call = JSON.stringify({
      type: 'call.completed',
      data: { call_id: `a-live-${Date.now()}`, duration: 30 },
    });
    await gateway.expectStatus(202, 'POST', `/api/crm/inbound/${ctx.ids.integration}`, {
      body: call,
      contentType: 'application/json',
      headers: inboundSignature(ctx.integrationSecret, call),
    });
    await waitFor(
      async () =>
        (await gateway.call('GET', '/api/kpi/metrics', { token: ctx.a.token })).body.today.calls > before,
      {
        what: "A's second call",
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    controller.abort();
    await reading;
    assert.ok(!/event: ?metric/.test(received), `B's stream received A's metric: ${received}`);
  });

  test("B's live ticket streams carry nothing of A's ticket, even naming it, while A's page hears A's reply", async () => {
    /** `GET /api/support/stream` for `token`, its text so far in `text()`. */
    const open = async (token, query = '') => {
      const controller = new AbortController();
      const response = await fetch(`${stack.url}/api/support/stream${query}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      let received = '';
      const reading = (async () => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body ?? []) received += decoder.decode(chunk, { stream: true });
        } catch {
          // aborted below
        }
      })();
      return {
        text: () => received,
        stop: async () => {
          controller.abort();
          await reading;
        },
      };
    };
    const streams = {
      aPage: await open(ctx.a.token, `?ticketId=${ctx.ids.ticket}`),
      bNamingIt: await open(ctx.b.token, `?ticketId=${ctx.ids.ticket}`),
      bAll: await open(ctx.b.token),
    };
    try {
      await waitFor(
        async () => Object.values(streams).every((each) => each.text().includes('event: ready')),
        {
          what: 'the streams to start',
        },
      );
      await gateway.expectStatus(201, 'POST', `/api/support/tickets/${ctx.ids.ticket}/messages`, {
        token: ctx.a.token,
        body: { body: 'A replies while B listens' },
      });
      await waitFor(async () => /event: ?ticket/.test(streams.aPage.text()), {
        what: "A's page to hear A's reply",
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      for (const each of Object.values(streams)) await each.stop();
    }
    for (const [name, each] of Object.entries(streams).filter(([name]) => name.startsWith('b'))) {
      assert.ok(
        !/event: ?ticket/.test(each.text()),
        `B's stream (${name}) received A's ticket: ${each.text()}`,
      );
      assert.ok(!each.text().includes(ctx.ids.ticket), `B's stream (${name}) names A's ticket`);
    }
  });

  test('staff see every customer’s tickets (the control of the checks above)', async () => {
    const queue = await gateway.expectStatus(200, 'GET', '/api/support/staff/tickets', {
      token: ctx.staff.token,
    });
    assert.ok(queue.tickets.some((ticket) => ticket.id === ctx.ids.ticket && ticket.customerId === ctx.a.id));
  });
});

describe('fields a caller must not set', () => {
  const extras = {
    role: 'admin',
    userId: null, // B's id, filled in below
    customerId: null,
    price: 0,
    amount: 1,
    total: 0,
    status: 'closed',
    isActive: false,
    organizationId: '00000000-0000-4000-8000-000000000001',
    id: '00000000-0000-4000-8000-000000000002',
  };

  let orderBefore;

  /** The token a route is called with: its rightful caller. */
  async function callerFor(route) {
    if (route.path === '/api/auth/logout') return (await signIn(gateway, ctx.b)).token;
    if (route.access === 'staff') return ctx.staff.token;
    if (route.access === 'customer' || route.access === 'signed-in') return ctx.a.token;
    return undefined;
  }

  /** When a route accepts the body anyway, the stored record must show the field had no effect. */
  async function assertNoEffect(route, answer, field, value, token) {
    const body = answer.body ?? {};
    const check = {
      '/api/auth/register': async () => {
        const me = await gateway.expectStatus(200, 'GET', '/api/auth/me', { token: body.token });
        assert.equal(me.role, 'customer');
        assert.notEqual(me.id, value);
      },
      '/api/auth/login': async () => assert.equal(body.user.role, 'customer'),
      // Sign-out reads no body: it ended that session and nothing else.
      '/api/auth/logout': async () => {
        assert.equal((await gateway.call('GET', '/api/auth/me', { token })).status, 401);
        assert.equal((await gateway.call('GET', '/api/auth/me', { token: ctx.b.token })).status, 200);
      },
      '/api/create-payment-intent': async () => {
        const order = await gateway.expectStatus(200, 'GET', `/api/user/orders/${body.orderId}`, { token });
        assert.notEqual(order.total, value);
        assert.notEqual(order.status, value);
      },
      // Stripe adds fields to its events as it pleases: the webhook reads the ones it knows. A's order
      // (the event's payment) keeps its owner, total and items whatever else the event carries.
      '/api/stripe/webhook': async () => {
        const order = await gateway.expectStatus(200, 'GET', `/api/user/orders/${ctx.ids.order}`, {
          token: ctx.a.token,
        });
        assert.deepEqual(
          { total: order.total, items: order.items },
          { total: orderBefore.total, items: orderBefore.items },
        );
        assert.equal(
          (await gateway.call('GET', `/api/user/orders/${ctx.ids.order}`, { token: ctx.b.token })).status,
          404,
        );
      },
      '/api/support/tickets': async () => {
        const ticket = await gateway.expectStatus(200, 'GET', `/api/support/tickets/${body.id}`, { token });
        assert.equal(ticket.status, 'open');
        assert.notEqual(ticket.id, value);
      },
      '/api/crm/integrations': async () => {
        const list = await gateway.expectStatus(200, 'GET', '/api/crm/integrations', { token });
        assert.equal(list.find((each) => each.id === body.id)?.isActive, true);
      },
    }[route.path];
    assert.ok(
      check,
      `${routeKey(route)} accepted ${field}=${JSON.stringify(value)} (${answer.status}) and has no check that it was ignored`,
    );
    await check();
  }

  test('extra fields in any body are refused with a 400 (or had no effect)', async () => {
    orderBefore = await gateway.expectStatus(200, 'GET', `/api/user/orders/${ctx.ids.order}`, {
      token: ctx.a.token,
    });
    extras.userId = ctx.b.id;
    extras.customerId = ctx.b.id;
    let refused = 0;
    for (const route of bodyRoutes) {
      for (const [field, value] of Object.entries(extras)) {
        if (route.fields.includes(field)) continue;
        const token = await callerFor(route);
        const body = JSON.stringify({ ...route.example(ctx), [field]: value });
        const answer = await gateway.call(route.method, fillPath(route, idsFor(route, ctx)), {
          token,
          body,
          contentType: 'application/json',
          headers: signatureHeaders(route, ctx, body),
        });
        if (answer.status === 400) {
          refused += 1;
          assert.equal(typeof answer.body.message, 'string');
          continue;
        }
        assert.ok(
          isSuccess(answer.status),
          `${routeKey(route)} with ${field}: ${answer.status} ${answer.text}`,
        );
        await assertNoEffect(route, answer, field, value, token);
      }
    }
    assert.ok(refused > 0);
  });

  test('nested extra fields are refused too: a price on a cart line, an owner on an event', async () => {
    const cart = { items: [{ packageId: ctx.packageIds[0], quantity: 1, price: 1 }] };
    const answer = await gateway.call('POST', '/api/create-payment-intent', {
      token: ctx.a.token,
      body: cart,
    });
    assert.equal(answer.status, 400, answer.text);
    const event = JSON.stringify({
      type: 'call.completed',
      data: { call_id: `n-${Date.now()}`, duration: 1, userId: ctx.b.id },
    });
    const inbound = await gateway.call('POST', `/api/crm/inbound/${ctx.ids.integration}`, {
      body: event,
      contentType: 'application/json',
      headers: inboundSignature(ctx.integrationSecret, event),
    });
    assert.equal(inbound.status, 400, inbound.text);
  });

  test('owner and status in the query string have no effect on what is created', async () => {
    const ticket = await gateway.expectStatus(
      201,
      'POST',
      `/api/support/tickets?status=closed&userId=${ctx.b.id}&customerId=${ctx.b.id}`,
      {
        token: ctx.a.token,
        body: { title: 'Query string', description: 'extra query fields', priority: 'low' },
      },
    );
    assert.equal(ticket.status, 'open');
    const mine = await gateway.expectStatus(200, 'GET', `/api/support/tickets/${ticket.id}`, {
      token: ctx.a.token,
    });
    assert.equal(mine.id, ticket.id);
    const bs = await gateway.expectStatus(200, 'GET', '/api/support/tickets', { token: ctx.b.token });
    assert.ok(!bs.some((each) => each.id === ticket.id));
    const staffQuery = await gateway.call('GET', `/api/support/staff/tickets?userId=${ctx.a.id}`, {
      token: ctx.staff.token,
    });
    assert.equal(staffQuery.status, 400, 'the staff queue refuses unknown query fields');
  });

  test("a sign-up asking for role admin is refused, and no token carries a role it wasn't given", async () => {
    const answer = await gateway.call('POST', '/api/auth/register', {
      body: {
        name: 'Mallory',
        email: `sec-mallory-${Date.now()}@example.com`,
        password: 'mallory-password-1',
        role: 'admin',
      },
    });
    assert.equal(answer.status, 400, answer.text);
    const fresh = await signUp(gateway, 'plain');
    assert.equal(decodeJwt(fresh.token).payload.role, 'customer');
  });
});
