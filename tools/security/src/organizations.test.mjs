// Organizations with members (issue 18), attacked through the gateway and each service's own port:
// a member of B's organization, whatever their role, gets nothing of A's organization (every method on
// every object of A's answers as for an id that does not exist); each role of A's organization gets
// 403 exactly where the permission table (orgPermissions of @portal/contracts, ADR 0180) refuses it;
// nobody raises their own role, gives a role above their own or accepts an invitation sent to another
// address; an invitation link works once and not after it is revoked, resent or expired; a token whose
// membership claims were edited is refused; and a removed or re-roled member's token, and their open
// live-metrics stream, stop working at once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import contracts from '@portal/contracts';
import pg from 'pg';
import { apiClient, customerPassword, signIn } from './support/api.mjs';
import {
  idsFor,
  invite,
  inviteMember,
  openSecurityStack,
  waitFor,
  waitForInvitationToken,
} from './support/fixtures.mjs';
import { decodeJwt } from './support/jwt.mjs';
import { fillPath, routeKey, routes } from './support/routes.mjs';
import { databaseUrlOf } from './support/stack.mjs';

const { can, orgRoles, teamMessages } = contracts;

let stack;
let gateway;
let ctx;

before(async () => {
  ({ stack, gateway, ctx } = await openSecurityStack());
});
after(async () => {
  await stack?.stop();
});

/**
 * The membership permission each route a customer's token reaches is guarded with (ADR 0180;
 * `can(role, permission)` says who passes). `null`: no membership role restricts it (leaving is for
 * every role and tested on its own). Every such route of support/routes.mjs must be named here: a new
 * one fails 'every route a member reaches has its permission' until it is.
 */
const permissions = {
  'GET /api/user/orders': 'orders.read',
  'GET /api/user/orders/:id': 'orders.read',
  'GET /api/user/orders/page': 'orders.read',
  'GET /api/user/orders/:id/invoice': 'orders.read',
  'POST /api/create-payment-intent': 'checkout.pay',
  'GET /api/user/subscriptions': 'orders.read',
  'PUT /api/user/subscriptions/:id/pending-change': 'checkout.pay',
  'DELETE /api/user/subscriptions/:id/pending-change': 'checkout.pay',
  'POST /api/user/subscriptions/:id/cancellation': 'checkout.pay',
  'POST /api/user/subscriptions/:id/refund-request': 'checkout.pay',
  'GET /api/crm/integrations': 'integrations.manage',
  // The overview's Service Status shows every member whether the services are set up.
  'GET /api/crm/integrations/summary': 'kpis.read',
  'POST /api/crm/integrations': 'integrations.manage',
  'DELETE /api/crm/integrations/:id': 'integrations.manage',
  // The overview's onboarding checklist shows every member whether the kickoff call is booked.
  'GET /api/crm/kickoff': 'kpis.read',
  'POST /api/crm/kickoff': 'integrations.manage',
  'GET /api/support/tickets': 'tickets.use',
  'POST /api/support/tickets': 'tickets.use',
  'GET /api/support/tickets/:id': 'tickets.use',
  'GET /api/support/tickets/page': 'tickets.use',
  'GET /api/support/tickets/unread': 'tickets.use',
  'GET /api/support/tickets/:id/messages': 'tickets.use',
  'POST /api/support/tickets/:id/messages': 'tickets.use',
  'POST /api/support/tickets/:id/close': 'tickets.use',
  'POST /api/support/tickets/:id/reopen': 'tickets.use',
  'POST /api/support/tickets/:id/read': 'tickets.use',
  'POST /api/support/attachments': 'tickets.use',
  'GET /api/support/tickets/:id/attachments/:attachmentId': 'tickets.use',
  'POST /api/support/deflections': 'tickets.use',
  'GET /api/kpi/metrics': 'kpis.read',
  'GET /api/kpi/metrics/export': 'kpis.read',
  'GET /api/kpi/stream': 'kpis.read',
  'GET /api/support/stream': 'tickets.use',
  'GET /api/support/chats/stream': 'tickets.use',
  'GET /api/support/chats/availability': 'tickets.use',
  'GET /api/support/chats': 'tickets.use',
  'POST /api/support/chats': 'tickets.use',
  'GET /api/support/chats/:id': 'tickets.use',
  'POST /api/support/chats/:id/messages': 'tickets.use',
  'POST /api/support/chats/:id/typing': 'tickets.use',
  'POST /api/support/chats/:id/close': 'tickets.use',
  'GET /api/team/members': 'team.read',
  'PATCH /api/team/members/:userId': 'team.manage',
  'DELETE /api/team/members/:userId': 'team.manage',
  'POST /api/team/leave': null,
  'POST /api/team/transfer-ownership': 'ownership.transfer',
  'GET /api/team/invitations': 'team.read',
  'POST /api/team/invitations': 'team.manage',
  'POST /api/team/invitations/:id/resend': 'team.manage',
  'DELETE /api/team/invitations/:id': 'team.manage',
  'GET /api/team/audit': 'team.read',
};
const key = (route) => `${route.method} ${route.path}`;

/** Routes a member's token reaches that act on the organization's data (not the caller's own account). */
const memberRoutes = routes.filter(
  (route) =>
    route.access === 'customer' ||
    (route.access === 'signed-in' && route.owned && !['account', 'session'].includes(route.owned)),
);

/** The gateway, and the route's own service when it is one. */
const entryPoints = (route) =>
  route.service === 'gateway'
    ? [['gateway', gateway]]
    : [
        ['gateway', gateway],
        [route.service, apiClient(stack.serviceUrls[route.service])],
      ];

const isSuccess = (status) => status >= 200 && status < 300;
/** A message with the ids it names (e.g. a 404's "Cannot GET /api/…/<id>") made alike. */
const anyId = (message) =>
  typeof message === 'string'
    ? message.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    : message;
const nowhere = () => randomUUID();

/** Routes whose call by an allowed role would change A's team or objects for good. */
const destructive = (route) =>
  route.method === 'DELETE' ||
  route.path === '/api/team/members/:userId' ||
  route.path.endsWith('/resend') ||
  route.path === '/api/team/transfer-ownership';

/**
 * The request of the role matrix: A's own objects, except on the destructive routes for a role that
 * may call them, where the id (or the transfer's target) is one that exists nowhere (404).
 */
function matrixRequest(route, allowed) {
  const ids = idsFor(route, ctx);
  const elsewhere = allowed && destructive(route);
  const path = fillPath(route, elsewhere ? { ...ids, id: nowhere(), userId: nowhere() } : ids);
  let body = route.example?.(ctx);
  if (route.path === '/api/team/transfer-ownership')
    body = { userId: elsewhere ? nowhere() : ctx.ids.member };
  return { path, body, elsewhere };
}

describe('every route a member reaches has its permission', () => {
  test('the role matrix names exactly the routes of support/routes.mjs a member reaches', () => {
    const reached = memberRoutes.map(key).sort();
    assert.deepEqual(
      reached.filter((each) => !(each in permissions)),
      [],
      'routes a member reaches without a permission in organizations.test.mjs',
    );
    assert.deepEqual(
      Object.keys(permissions).filter((each) => !reached.includes(each)),
      [],
      'permissions of routes support/routes.mjs no longer lists as reached by a member',
    );
  });

  test('A and B are organizations whose members joined by invitation with each role', () => {
    for (const side of ['a', 'b']) {
      const team = ctx.members[side];
      assert.deepEqual(Object.keys(team).sort(), [...orgRoles].sort());
      for (const role of orgRoles) {
        assert.equal(team[role].orgRole, role, `${side}'s ${role}`);
        assert.equal(
          team[role].organizationId,
          team.owner.organizationId,
          `${side}'s ${role} is in ${side}'s org`,
        );
        assert.equal(decodeJwt(team[role].token).payload.orgRole, role);
      }
    }
    assert.notEqual(ctx.members.a.owner.organizationId, ctx.members.b.owner.organizationId);
  });
});

describe("each role of A's organization against the permission table", () => {
  test('403 exactly where orgPermissions refuses the role, an answer where it allows it', async () => {
    const wrong = [];
    let refused = 0;
    let allowedCalls = 0;
    for (const route of memberRoutes) {
      const permission = permissions[key(route)];
      if (!permission) continue;
      for (const role of orgRoles) {
        const allowed = can(role, permission);
        for (const [where, client] of entryPoints(route)) {
          const { path, body, elsewhere } = matrixRequest(route, allowed);
          const answer = await client.call(route.method, path, {
            token: ctx.members.a[role].token,
            body,
            stream: route.stream,
          });
          const what = `${role} ${route.method} ${path} at ${where} (${permission}): ${answer.status} ${answer.text.slice(0, 160)}`;
          if (!allowed) {
            refused += 1;
            if (answer.status !== 403 || answer.body?.message !== teamMessages.notAllowed)
              wrong.push(`refused, expected 403 '${teamMessages.notAllowed}': ${what}`);
          } else {
            allowedCalls += 1;
            const expected = elsewhere
              ? answer.status === 404
              : route.method === 'GET'
                ? answer.status === 200
                : answer.status !== 403 && answer.status < 500;
            if (!expected)
              wrong.push(
                `allowed, expected ${elsewhere ? 404 : route.method === 'GET' ? 200 : 'no 403'}: ${what}`,
              );
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(refused >= 20 && allowedCalls >= 40, `${refused} refused and ${allowedCalls} allowed calls`);
  });

  test("the refused calls changed nothing: A's integration, member and invitation are as they were", async () => {
    const integrations = await gateway.expectStatus(200, 'GET', '/api/crm/integrations', {
      token: ctx.a.token,
    });
    assert.ok(integrations.some((each) => each.id === ctx.ids.integration));
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    assert.equal(members.find((each) => each.userId === ctx.ids.member)?.role, 'member');
    assert.equal(members.find((each) => each.userId === ctx.a.id)?.role, 'owner');
    const { invitations } = await gateway.expectStatus(200, 'GET', '/api/team/invitations', {
      token: ctx.a.token,
    });
    assert.ok(invitations.some((each) => each.id === ctx.ids.invitation));
  });

  test("the organization's data is the organization's: every role sees the ticket a member opened", async () => {
    const ticket = await gateway.expectStatus(201, 'POST', '/api/support/tickets', {
      token: ctx.members.a.member.token,
      body: { title: 'Opened by a member', description: 'The whole organization reads it', priority: 'low' },
    });
    for (const role of orgRoles) {
      const seen = await gateway.expectStatus(200, 'GET', `/api/support/tickets/${ticket.id}`, {
        token: ctx.members.a[role].token,
      });
      assert.equal(seen.id, ticket.id, role);
    }
    for (const role of orgRoles) {
      const answer = await gateway.call('GET', `/api/support/tickets/${ticket.id}`, {
        token: ctx.members.b[role].token,
      });
      assert.equal(answer.status, 404, `B's ${role}: ${answer.text}`);
    }
    // Billing reads the order the owner placed.
    const order = await gateway.expectStatus(200, 'GET', `/api/user/orders/${ctx.ids.order}`, {
      token: ctx.members.a.billing.token,
    });
    assert.equal(order.id, ctx.ids.order);
  });
});

describe("B's organization against A's", () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const body = { role: 'owner', title: 'B was here', isActive: false, status: 'closed', userId: null };

  test("every method on every object of A's answers each role of B as an id that exists nowhere", async () => {
    // A's objects by id, and A's members (the owner too) on the member routes.
    const targets = [];
    for (const route of routes.filter(
      (each) => each.path.includes('/:') && each.owned && memberRoutes.includes(each),
    )) {
      const ids = idsFor(route, ctx);
      targets.push({ route, ids });
      if (route.path.includes(':userId')) targets.push({ route, ids: { ...ids, userId: ctx.a.id } });
    }
    const paths = new Set(targets.map(({ route }) => route.path));
    for (const path of [
      '/api/team/members/:userId',
      '/api/team/invitations/:id',
      '/api/team/invitations/:id/resend',
    ])
      assert.ok(paths.has(path), `${path} is classified with an owner in support/routes.mjs`);
    const wrong = [];
    let tried = 0;
    for (const { route, ids } of targets) {
      for (const [where, client] of entryPoints(route)) {
        for (const role of orgRoles) {
          const token = ctx.members.b[role].token;
          for (const method of methods) {
            // A method the path maps gets a valid body (a 400 for the body would hide the lookup).
            const mapped = routes.find((each) => each.path === route.path && each.method === method);
            const withBody =
              method === 'GET' || method === 'DELETE'
                ? undefined
                : mapped?.example
                  ? mapped.example(ctx)
                  : { ...body, userId: ctx.b.id };
            const answer = await client.call(method, fillPath(route, ids), { token, body: withBody });
            const control = await client.call(
              method,
              fillPath(route, { ...ids, id: nowhere(), userId: nowhere() }),
              {
                token,
                body: withBody,
              },
            );
            tried += 1;
            const what = `B's ${role}: ${method} ${fillPath(route, ids)} at ${where}: ${answer.status} ${answer.text.slice(0, 120)}`;
            if (isSuccess(answer.status)) wrong.push(`success: ${what}`);
            else if (
              answer.status !== control.status ||
              anyId(answer.body?.message) !== anyId(control.body?.message)
            )
              wrong.push(
                `differs from an unknown id's ${control.status} ${control.text.slice(0, 80)}: ${what}`,
              );
            else if (role === 'owner' && answer.status !== 404) wrong.push(`expected 404: ${what}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(tried >= 100, `${tried} calls`);
  });

  test("nothing of A's organization is in any list of B's members", async () => {
    const markers = [
      ...Object.values(ctx.members.a).flatMap((member) => [member.id, member.email]),
      ctx.a.organizationId,
      ctx.ids.invitation,
      ctx.ids.order,
      ctx.ids.ticket,
      ctx.ids.integration,
    ];
    const lists = memberRoutes.filter(
      (route) => route.method === 'GET' && !route.path.includes('/:') && !route.stream,
    );
    for (const route of lists) {
      for (const role of orgRoles) {
        for (const query of ['', `?organizationId=${ctx.a.organizationId}`]) {
          const answer = await gateway.call('GET', `${route.path}${query}`, {
            token: ctx.members.b[role].token,
          });
          assert.ok(
            [200, 400, 403].includes(answer.status),
            `B's ${role} ${route.path}${query}: ${answer.status}`,
          );
          for (const marker of markers)
            assert.ok(
              !answer.text.includes(marker),
              `B's ${role} GET ${route.path}${query} shows A's ${marker}`,
            );
        }
      }
    }
    const orgs = await gateway.expectStatus(200, 'GET', '/api/organizations', { token: ctx.b.token });
    assert.deepEqual(
      orgs.organizations.map((org) => org.id),
      [ctx.b.organizationId],
    );
  });

  test("A's team is untouched", async () => {
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    assert.deepEqual(
      Object.fromEntries(members.map((member) => [member.userId, member.role])),
      Object.fromEntries(Object.values(ctx.members.a).map((member) => [member.id, member.orgRole])),
    );
    const { invitations } = await gateway.expectStatus(200, 'GET', '/api/team/invitations', {
      token: ctx.a.token,
    });
    assert.ok(invitations.some((each) => each.id === ctx.ids.invitation));
  });
});

describe('raising a role', () => {
  /** Each member's role in A's organization, as A's owner reads it. */
  const rolesOfA = async () => {
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    return Object.fromEntries(members.map((member) => [member.userId, member.role]));
  };

  test('no member changes their own role, to anything', async () => {
    const before = await rolesOfA();
    for (const role of orgRoles) {
      const self = ctx.members.a[role];
      for (const wanted of orgRoles.filter((each) => each !== role)) {
        const answer = await gateway.call('PATCH', `/api/team/members/${self.id}`, {
          token: self.token,
          body: { role: wanted },
        });
        assert.equal(answer.status, 403, `${role} making themself ${wanted}: ${answer.text}`);
      }
    }
    assert.deepEqual(await rolesOfA(), before);
  });

  test("an admin gives no one the owner's role, and cannot demote or remove the owner", async () => {
    const admin = ctx.members.a.admin;
    const before = await rolesOfA();
    const promote = await gateway.call('PATCH', `/api/team/members/${ctx.ids.member}`, {
      token: admin.token,
      body: { role: 'owner' },
    });
    assert.equal(promote.status, 403, promote.text);
    assert.equal(promote.body.message, teamMessages.roleTooHigh);
    const demote = await gateway.call('PATCH', `/api/team/members/${ctx.a.id}`, {
      token: admin.token,
      body: { role: 'member' },
    });
    assert.equal(demote.status, 403, demote.text);
    const remove = await gateway.call('DELETE', `/api/team/members/${ctx.a.id}`, { token: admin.token });
    assert.equal(remove.status, 403, remove.text);
    const transfer = await gateway.call('POST', '/api/team/transfer-ownership', {
      token: admin.token,
      body: { userId: admin.id },
    });
    assert.equal(transfer.status, 403, transfer.text);
    assert.deepEqual(await rolesOfA(), before);
  });

  test('billing, crm_manager and member invite nobody; an invitation never carries owner', async () => {
    for (const role of ['billing', 'crm_manager', 'member']) {
      const email = `sec-uninvited-${randomUUID().slice(0, 8)}@example.com`;
      const answer = await gateway.call('POST', '/api/team/invitations', {
        token: ctx.members.a[role].token,
        body: { email, role: 'member' },
      });
      assert.equal(answer.status, 403, `${role} inviting: ${answer.text}`);
      assert.equal(answer.body.message, teamMessages.notAllowed);
    }
    for (const inviter of ['owner', 'admin']) {
      for (const role of ['owner', 'super_admin', 'customer']) {
        const email = `sec-owner-invite-${randomUUID().slice(0, 8)}@example.com`;
        const answer = await gateway.call('POST', '/api/team/invitations', {
          token: ctx.members.a[inviter].token,
          body: { email, role },
        });
        assert.equal(answer.status, 400, `${inviter} inviting as ${role}: ${answer.text}`);
        assert.equal(typeof answer.body.message, 'string');
      }
    }
    const { invitations } = await gateway.expectStatus(200, 'GET', '/api/team/invitations', {
      token: ctx.a.token,
    });
    assert.ok(
      !invitations.some((each) => /sec-(uninvited|owner-invite)-/.test(each.email)),
      'no such invitation is pending',
    );
  });

  test('the last owner can neither leave nor be removed', async () => {
    const leave = await gateway.call('POST', '/api/team/leave', { token: ctx.a.token });
    assert.equal(leave.status, 409, leave.text);
    assert.equal(leave.body.message, teamMessages.lastOwner);
    const self = await gateway.call('DELETE', `/api/team/members/${ctx.a.id}`, { token: ctx.a.token });
    assert.ok([403, 409].includes(self.status), self.text);
    const demote = await gateway.call('PATCH', `/api/team/members/${ctx.a.id}`, {
      token: ctx.a.token,
      body: { role: 'admin' },
    });
    assert.ok([403, 409].includes(demote.status), demote.text);
    assert.equal((await rolesOfA())[ctx.a.id], 'owner');
  });

  test('a token whose membership claims were edited (signature kept) answers 401 everywhere', async () => {
    const genuine = ctx.members.a.member.token;
    const [h, , s] = genuine.split('.');
    const { payload } = decodeJwt(genuine);
    const edited = (claims) =>
      `${h}.${Buffer.from(JSON.stringify({ ...payload, ...claims })).toString('base64url')}.${s}`;
    const tampered = [
      ['orgRole owner', edited({ orgRole: 'owner' })],
      ['orgRole admin', edited({ orgRole: 'admin' })],
      ["org B's", edited({ org: ctx.b.organizationId })],
      ['mv raised', edited({ mv: payload.mv + 1000 })],
    ];
    const probes = memberRoutes.filter((route) => route.method === 'GET' && !route.path.includes('/:'));
    for (const route of probes) {
      for (const [where, client] of entryPoints(route)) {
        assert.equal(
          (await client.call('GET', route.path, { token: genuine, stream: route.stream })).status,
          can('member', permissions[key(route)]) ? 200 : 403,
          `the genuine token on ${routeKey(route)} at ${where}`,
        );
        for (const [what, token] of tampered) {
          const answer = await client.call('GET', route.path, { token, stream: route.stream });
          assert.equal(answer.status, 401, `${what} on ${routeKey(route)} at ${where}: ${answer.text}`);
        }
      }
    }
  });
});

describe('invitation links', () => {
  const preview = (token) => gateway.call('POST', '/api/invitations/preview', { body: { token } });
  const register = (email, invitation) =>
    gateway.call('POST', '/api/auth/register', {
      body: { name: 'Security Invitee', email, password: customerPassword, invitation },
    });
  /** No account exists for `email`: signing in with it fails as for any unknown address. */
  const assertNoAccount = async (email) => {
    const login = await gateway.call('POST', '/api/auth/login', {
      body: { email, password: customerPassword },
    });
    assert.equal(login.status, 401, `an account exists for ${email}`);
  };
  const assertGone = (answer, message, what) => {
    assert.ok([400, 403, 404, 410].includes(answer.status), `${what}: ${answer.status} ${answer.text}`);
    assert.equal(answer.body.message, message, what);
  };

  test('an invitation for another address is refused at sign-in and at sign-up, and joins nobody', async () => {
    const meant = await invite(gateway, stack, ctx.a, 'billing', 'meant');
    // B, signed in, tries A's invitation sent to someone else.
    const accepted = await gateway.call('POST', '/api/invitations/accept', {
      token: ctx.b.token,
      body: { token: meant.token },
    });
    assert.equal(accepted.status, 403, accepted.text);
    assert.equal(accepted.body.message, teamMessages.invitationOtherEmail);
    const orgs = await gateway.expectStatus(200, 'GET', '/api/organizations', { token: ctx.b.token });
    assert.ok(!orgs.organizations.some((org) => org.id === ctx.a.organizationId), 'B joined A');
    // Someone signing up with another address and the link.
    const stranger = `sec-stranger-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await register(stranger, meant.token);
    assert.equal(signUp.status, 403, signUp.text);
    assert.equal(signUp.body.message, teamMessages.invitationOtherEmail);
    await assertNoAccount(stranger);
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    assert.ok(!members.some((member) => [ctx.b.id].includes(member.userId) || member.email === stranger));
    // The invitation is still good for its own address, once.
    const { invitations } = await gateway.expectStatus(200, 'GET', '/api/team/invitations', {
      token: ctx.a.token,
    });
    assert.ok(invitations.some((each) => each.id === meant.invitation.id));
    const joined = await register(meant.email, meant.token);
    assert.equal(joined.status, 201, joined.text);
    assert.equal(decodeJwt(joined.body.token).payload.orgRole, 'billing');

    // A used link: the preview says so, and neither a sign-in nor a sign-up joins with it again.
    assertGone(await preview(meant.token), teamMessages.invitationUsed, 'preview of a used link');
    const again = await gateway.call('POST', '/api/invitations/accept', {
      token: joined.body.token,
      body: { token: meant.token },
    });
    assertGone(again, teamMessages.invitationUsed, 'accepting a used link');
    const other = `sec-second-use-${randomUUID().slice(0, 8)}@example.com`;
    const second = await register(other, meant.token);
    assert.ok(
      [403, 410].includes(second.status),
      `sign-up with a used link: ${second.status} ${second.text}`,
    );
    await assertNoAccount(other);
  });

  test('a revoked invitation answers invitationRevoked and creates no account', async () => {
    const revoked = await invite(gateway, stack, ctx.a, 'member', 'revoked');
    await gateway.expectStatus(204, 'DELETE', `/api/team/invitations/${revoked.invitation.id}`, {
      token: ctx.a.token,
    });
    assertGone(await preview(revoked.token), teamMessages.invitationRevoked, 'preview of a revoked link');
    assertGone(
      await register(revoked.email, revoked.token),
      teamMessages.invitationRevoked,
      'sign-up with it',
    );
    await assertNoAccount(revoked.email);
    const { invitations } = await gateway.expectStatus(200, 'GET', '/api/team/invitations', {
      token: ctx.a.token,
    });
    assert.ok(!invitations.some((each) => each.id === revoked.invitation.id));
  });

  test('an expired invitation answers invitationExpired and creates no account', async () => {
    const expired = await invite(gateway, stack, ctx.a, 'member', 'expired');
    const db = new pg.Client({ connectionString: databaseUrlOf('identity') });
    await db.connect();
    try {
      const { rowCount } = await db.query(
        "UPDATE invitations SET expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' WHERE id = $1",
        [expired.invitation.id],
      );
      assert.equal(rowCount, 1);
    } finally {
      await db.end();
    }
    assertGone(await preview(expired.token), teamMessages.invitationExpired, 'preview of an expired link');
    assertGone(
      await register(expired.email, expired.token),
      teamMessages.invitationExpired,
      'sign-up with it',
    );
    await assertNoAccount(expired.email);
  });

  test("a resent invitation's first link stops working; the new one works", async () => {
    const first = await invite(gateway, stack, ctx.a, 'member', 'resent');
    await gateway.expectStatus(200, 'POST', `/api/team/invitations/${first.invitation.id}/resend`, {
      token: ctx.a.token,
    });
    const second = await waitForInvitationToken(stack, first.email, 2);
    assert.notEqual(second, first.token);
    const old = await preview(first.token);
    assert.ok([404, 410].includes(old.status), `preview of the first link: ${old.status} ${old.text}`);
    assert.equal((await register(first.email, first.token)).status, old.status);
    await assertNoAccount(first.email);
    assert.equal((await preview(second)).status, 200);
  });

  test('an unknown or malformed link is a clear 4xx, never a 500', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(42)}!`]) {
      const answer = await preview(token);
      assert.ok([400, 404].includes(answer.status), `${token}: ${answer.status} ${answer.text}`);
      assert.equal(answer.body.message, teamMessages.invitationInvalid);
    }
  });
});

describe('a member removed, or their role changed', () => {
  /** The member-facing reads of orders, tickets and KPIs, at the gateway and at each service. */
  const reads = [
    ['commerce', '/api/user/orders'],
    ['support', '/api/support/tickets'],
    ['kpi', '/api/kpi/metrics'],
    ['identity', '/api/team/members'],
  ];
  const callsOf = (token) =>
    reads.flatMap(([service, path]) =>
      [gateway, apiClient(stack.serviceUrls[service])].map((client, i) => async () => ({
        what: `${path} at ${i === 0 ? 'gateway' : service}`,
        answer: await client.call('GET', path, { token }),
      })),
    );

  /** Opens GET /api/kpi/stream for `token`; `ended` resolves once the server ends it. */
  async function openStream(token) {
    const controller = new AbortController();
    const response = await fetch(`${stack.url}/api/kpi/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    const ended = (async () => {
      try {
        const reader = response.body?.getReader();
        while (reader && !(await reader.read()).done);
        return 'ended';
      } catch {
        return 'aborted';
      }
    })();
    return { ended, abort: () => controller.abort() };
  }

  /** Every read with `token` answers 401 membershipChanged; ms until they all did. */
  async function refusedWithin(token, budgetMs = 2000) {
    const startedAt = performance.now();
    let last = [];
    await waitFor(
      async () => {
        last = [];
        for (const call of callsOf(token)) {
          const { what, answer } = await call();
          if (answer.status !== 401 || answer.body?.message !== teamMessages.membershipChanged)
            last.push(`${what}: ${answer.status} ${answer.text.slice(0, 100)}`);
        }
        return last.length === 0;
      },
      {
        timeoutMs: budgetMs,
        intervalMs: 50,
        what: `401 membershipChanged everywhere (still: ${last.join('; ')})`,
      },
    ).catch((error) => {
      throw new Error(`${error.message}; still served: ${last.join('; ')}`);
    });
    return performance.now() - startedAt;
  }

  test("a removed member's token answers 401 at once, their live stream ends, and a new token reaches nothing of A's", async () => {
    const removed = await inviteMember(gateway, stack, ctx.a, 'billing', 'removed');
    for (const call of callsOf(removed.token)) {
      const { what, answer } = await call();
      assert.equal(answer.status, 200, `before the removal, ${what}`);
    }
    const stream = await openStream(removed.token);
    try {
      await gateway.expectStatus(204, 'DELETE', `/api/team/members/${removed.id}`, { token: ctx.a.token });
      const ms = await refusedWithin(removed.token);
      console.log(`# removed member refused everywhere ${ms.toFixed(0)} ms after the removal`);
      const ended = await Promise.race([
        stream.ended,
        new Promise((resolve) => setTimeout(() => resolve('open'), 3000)),
      ]);
      assert.equal(ended, 'ended', 'the live-metrics stream is still open 3 s after the removal');
    } finally {
      stream.abort();
    }
    // A new token for the same session is for no organization, or not A's: none of A's objects.
    const renewed = await gateway.call('POST', '/api/auth/token', { token: removed.token, body: {} });
    assert.ok([200, 401, 403, 404].includes(renewed.status), renewed.text);
    if (renewed.status === 200) {
      const token = renewed.body.token;
      assert.notEqual(decodeJwt(token).payload.org, ctx.a.organizationId);
      for (const path of [`/api/user/orders/${ctx.ids.order}`, `/api/support/tickets/${ctx.ids.ticket}`]) {
        const answer = await gateway.call('GET', path, { token });
        assert.ok([403, 404].includes(answer.status), `${path} after the removal: ${answer.status}`);
      }
      const scoped = await gateway.call('POST', '/api/auth/token', {
        token,
        body: { organizationId: ctx.a.organizationId },
      });
      assert.ok(
        scoped.status >= 400 && scoped.status < 500,
        `a token for A's org after the removal: ${scoped.text}`,
      );
    }
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    assert.ok(!members.some((member) => member.userId === removed.id));
    // Signing in again gives no way back into A's organization either.
    const again = await signIn(gateway, removed);
    assert.notEqual(decodeJwt(again.token).payload.org, ctx.a.organizationId);
  });

  test("a role change makes the member's older token answer 401 at once; a new token has the new role", async () => {
    const changed = await inviteMember(gateway, stack, ctx.a, 'billing', 'rerolled');
    await gateway.expectStatus(200, 'GET', '/api/user/orders', { token: changed.token });
    const stream = await openStream(changed.token);
    try {
      await gateway.expectStatus(200, 'PATCH', `/api/team/members/${changed.id}`, {
        token: ctx.a.token,
        body: { role: 'member' },
      });
      const ms = await refusedWithin(changed.token);
      console.log(`# re-roled member's old token refused everywhere ${ms.toFixed(0)} ms after the change`);
      const ended = await Promise.race([
        stream.ended,
        new Promise((resolve) => setTimeout(() => resolve('open'), 3000)),
      ]);
      assert.equal(
        ended,
        'ended',
        "the stream opened with the old role's token is still open 3 s after the change",
      );
    } finally {
      stream.abort();
    }
    const renewed = await gateway.expectStatus(200, 'POST', '/api/auth/token', {
      token: changed.token,
      body: {},
    });
    assert.equal(decodeJwt(renewed.token).payload.orgRole, 'member');
    assert.equal(decodeJwt(renewed.token).payload.org, ctx.a.organizationId);
    const orders = await gateway.call('GET', '/api/user/orders', { token: renewed.token });
    assert.equal(orders.status, 403, orders.text);
    await gateway.expectStatus(200, 'GET', '/api/support/tickets', { token: renewed.token });
  });

  test('a member who leaves is refused with their old token, and A sees the leave', async () => {
    const leaver = await inviteMember(gateway, stack, ctx.a, 'member', 'leaver');
    await gateway.expectStatus(204, 'POST', '/api/team/leave', { token: leaver.token });
    await refusedWithin(leaver.token);
    const { members } = await gateway.expectStatus(200, 'GET', '/api/team/members', { token: ctx.a.token });
    assert.ok(!members.some((member) => member.userId === leaver.id));
  });
});
