// Forged access tokens are refused (401) by the gateway and by every service on its own port, and a
// flood of them never stops genuine tokens from working; stored passwords are argon2id at OWASP's
// minimum cost or above.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { apiClient, signIn, signUp } from './support/api.mjs';
import { forgeries, resigned, withMadeUpKid } from './support/jwt.mjs';
import { routeKey, routes } from './support/routes.mjs';
import { databaseUrlOf, startSecurityStack } from './support/stack.mjs';

let stack;
let gateway;
let customer;
let staff;
let jwks;

before(async () => {
  stack = await startSecurityStack();
  gateway = apiClient(stack.url);
  customer = await signUp(gateway, 'token');
  staff = await signIn(gateway, stack.staff);
  jwks = await gateway.expectStatus(200, 'GET', '/api/auth/.well-known/jwks.json');
});
after(async () => {
  await stack?.stop();
});

/** Reading routes that need a token, each called at the gateway and at its own service. */
const probes = routes.filter(
  (route) =>
    route.method === 'GET' &&
    ['signed-in', 'customer', 'staff'].includes(route.access) &&
    !route.path.includes('/:'),
);

function entryPoints(route) {
  const points = [['gateway', gateway]];
  if (route.service !== 'gateway') points.push([route.service, apiClient(stack.serviceUrls[route.service])]);
  return points;
}

/** The user whose token a probe needs: staff on staff routes, the customer elsewhere. */
const ownerOf = (route) => (route.access === 'staff' ? staff : customer);

/** The query parameters a probe route cannot be served without (staff look up a customer by them). */
const requiredQueries = {
  '/api/identity/staff/customers': () => ({ email: customer.email }),
  '/api/identity/staff/users': () => ({ id: customer.id }),
  '/api/crm/staff/integrations': () => ({ organizationId: customer.organizationId }),
  '/api/crm/staff/integrations/health': () => ({ organizationId: customer.organizationId }),
};
const probePath = (route) => {
  const query = requiredQueries[route.path];
  return query ? `${route.path}?${new URLSearchParams(query())}` : route.path;
};

// First in the file on purpose: no service has read identity's keys yet, as right after a deploy.
describe('a flood of tokens naming made-up key ids', () => {
  test('is refused with 401 everywhere, and genuine tokens keep working meanwhile and after', async () => {
    // Each service keeps its own keys: one route of each, at the gateway and at the service's port.
    const floodedRoutes = [...new Map(probes.map((route) => [route.service, route])).values()];
    const wrong = [];
    for (const route of floodedRoutes) {
      const genuine = ownerOf(route).token;
      for (const [where, client] of entryPoints(route)) {
        const call = async (kind, token) => {
          const { status } = await client.call('GET', probePath(route), { token, stream: route.stream });
          if (status !== (kind === 'forged' ? 401 : 200))
            wrong.push(`${kind} ${routeKey(route)} at ${where}: ${status}`);
        };
        const forged = Array.from({ length: 15 }, (_, i) =>
          call('forged', withMadeUpKid({ genuine, kid: `made-up-${where}-${i}` })),
        );
        await Promise.all([...forged, call('genuine', genuine)]);
      }
    }
    for (const route of probes) {
      for (const [where, client] of entryPoints(route)) {
        const answer = await client.call('GET', probePath(route), {
          token: ownerOf(route).token,
          stream: route.stream,
        });
        if (answer.status !== 200)
          wrong.push(`genuine after the flood ${routeKey(route)} at ${where}: ${answer.status}`);
      }
    }
    assert.deepEqual(wrong, [], 'forged tokens answered other than 401, genuine ones other than 200');
  });
});

describe('forged access tokens', () => {
  test('probes cover every service and the gateway', () => {
    const covered = new Set(probes.map((route) => route.service));
    for (const service of ['identity', 'commerce', 'crm', 'support', 'kpi', 'gateway']) {
      assert.ok(covered.has(service), `no probe route for ${service}`);
    }
    assert.ok(
      probes.some((route) => route.access === 'staff'),
      'a staff route is probed',
    );
  });

  test('the genuine token, and the same claims signed with the real key, are served (the control)', async () => {
    for (const route of probes) {
      const owner = ownerOf(route);
      for (const [where, client] of entryPoints(route)) {
        for (const token of [
          owner.token,
          resigned({ genuine: owner.token, signingKeyPem: stack.signingKeyPem }),
        ]) {
          const answer = await client.call('GET', probePath(route), { token, stream: route.stream });
          assert.equal(answer.status, 200, `${routeKey(route)} at ${where}: ${answer.text}`);
        }
      }
    }
  });

  test('alg none, HS256 with the public key, wrong audience, expired, tampered and foreign-key tokens answer 401 everywhere', async () => {
    const accepted = [];
    let tried = 0;
    for (const route of probes) {
      const forged = forgeries({ genuine: ownerOf(route).token, jwks, signingKeyPem: stack.signingKeyPem });
      assert.ok(forged.length >= 20);
      for (const [where, client] of entryPoints(route)) {
        for (const [name, token] of forged) {
          const answer = await client.call('GET', probePath(route), { token, stream: route.stream });
          tried += 1;
          if (answer.status !== 401)
            accepted.push(
              `${name} on ${routeKey(route)} at ${where}: ${answer.status} ${answer.text.slice(0, 200)}`,
            );
        }
      }
    }
    assert.deepEqual(accepted, [], 'forged tokens not refused with a 401');
    assert.ok(tried >= 20 * 2 * 6);
  });

  test('a token in the query string or a cookie is not a token', async () => {
    for (const route of probes) {
      for (const [where, client] of entryPoints(route)) {
        const token = ownerOf(route).token;
        /** @type {[string, { path?: string, headers?: Record<string, string> }][]} */
        const placements = [
          ['query', { path: `${route.path}?access_token=${token}&token=${token}` }],
          ['cookie', { headers: { cookie: `token=${token}; auth_token=${token}` } }],
        ];
        for (const [how, options] of placements) {
          const answer = await client.call('GET', options.path ?? route.path, {
            headers: options.headers,
            stream: route.stream,
          });
          assert.equal(answer.status, 401, `${how} on ${routeKey(route)} at ${where}`);
        }
      }
    }
  });

  test('a genuine token in a malformed Authorization header is refused everywhere', async () => {
    const accepted = [];
    for (const route of probes) {
      const token = ownerOf(route).token;
      for (const [where, client] of entryPoints(route)) {
        for (const authorization of [`Bearer ${token} trailing`, `Bearer  ${token}`, `Bearer ${token},x`]) {
          const answer = await client.call('GET', probePath(route), {
            headers: { authorization },
            stream: route.stream,
          });
          if (answer.status !== 401)
            accepted.push(
              `'${authorization.replace(token, '<token>')}' on ${routeKey(route)} at ${where}: ${answer.status}`,
            );
        }
      }
    }
    assert.deepEqual(accepted, [], 'malformed Authorization headers not refused with a 401');
  });

  test('a signed-out token is refused everywhere once the sign-out has spread', async () => {
    const session = await signIn(gateway, customer);
    await gateway.expectStatus(204, 'POST', '/api/auth/logout', { token: session.token });
    for (const route of probes.filter((each) => each.access !== 'staff')) {
      for (const [where, client] of entryPoints(route)) {
        const deadline = Date.now() + 5000;
        let status;
        do {
          status = (
            await client.call('GET', probePath(route), { token: session.token, stream: route.stream })
          ).status;
          if (status === 401) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        } while (Date.now() < deadline);
        assert.equal(status, 401, `signed-out token on ${routeKey(route)} at ${where}`);
      }
    }
  });
});

describe('stored passwords', () => {
  test('every stored hash is $argon2id$ with m ≥ 19456 KiB and t ≥ 2', async () => {
    const signedUp = [customer.email];
    for (let i = 0; i < 3; i += 1) signedUp.push((await signUp(gateway, `hash${i}`)).email);
    const client = new pg.Client({ connectionString: databaseUrlOf('identity') });
    await client.connect();
    let rows;
    try {
      ({ rows } = await client.query('SELECT email, password_hash FROM public_users'));
    } finally {
      await client.end();
    }
    for (const email of [...signedUp, stack.staff.email]) {
      assert.ok(
        rows.some((row) => row.email === email),
        `${email} is stored`,
      );
    }
    const local = rows.filter((row) => row.password_hash !== null);
    assert.ok(local.length >= signedUp.length + 1);
    for (const { email, password_hash: hash } of local) {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(hash);
      assert.ok(match, `${email}: ${hash.slice(0, 30)}… is not an argon2id hash`);
      assert.ok(Number(match[1]) >= 19456, `${email}: m=${match[1]}`);
      assert.ok(Number(match[2]) >= 2, `${email}: t=${match[2]}`);
    }
    // The same password twice never gives the same hash (a salt per hash).
    const hashes = local.map((row) => row.password_hash);
    assert.equal(new Set(hashes).size, hashes.length);
  });
});
