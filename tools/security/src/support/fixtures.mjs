// Two customers (A owns things, B tries to reach them) and the staff account, with one of each kind of
// owned object for A: an order (and a paid one), an integration (and a call it reported), a support ticket; and a
// throwaway customer (doomed) whose password is the example of account deletion; and a second
// session of A's (ids.session). A and B are organizations with members: each owner invited a colleague
// with every other role through the team page's API and the invitation mail (ctx.members.a, .b), and
// A's organization has a pending invitation (ids.invitation). The call booking's slots and two
// visitors' bookings with their manage links are ctx.booking.
import { createHmac, randomUUID } from 'node:crypto';
import contracts from '@portal/contracts';
import { mailsTo } from '@portal/toolkit/mail-catcher';
import { apiClient, customerPassword, signIn, signUp } from './api.mjs';
import { startSecurityStack } from './stack.mjs';

/** `X-Portal-Signature` of an integration's inbound event (README: Connecting a dialer or CRM). */
export function inboundSignature(secret, rawBody, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return { 'x-portal-signature': `t=${t},v1=${v1}` };
}

/** `Stripe-Signature` as Stripe signs its webhooks. */
export function stripeSignature(secret, rawBody, t = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return { 'stripe-signature': `t=${t},v1=${v1}` };
}

/** Headers that make a body pass the route's signature check (none for routes without one). */
export function signatureHeaders(route, ctx, rawBody) {
  if (route.sign === 'inbound') return inboundSignature(ctx.integrationSecret, rawBody);
  if (route.sign === 'stripe') return stripeSignature(ctx.stripeWebhookSecret, rawBody);
  return {};
}

export async function waitFor(check, { timeoutMs = 15_000, intervalMs = 200, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * What a test file of the suite runs against: the stack, a client of its gateway and the world of
 * `createWorld` (A's objects, B and staff signed in). The file stops the stack after its tests.
 */
export async function openSecurityStack() {
  const stack = await startSecurityStack();
  const gateway = apiClient(stack.url);
  return { stack, gateway, ctx: await createWorld(gateway, stack) };
}

/** The tokens of every team invitation mailed to `email` so far, oldest first (the link's `?token=`). */
export async function invitationTokens(stack, email) {
  const tokens = [];
  for (const mail of await mailsTo(stack.mailCatcherUrl, email)) {
    const link = (mail.text ?? '').match(/https?:\/\/\S+\/invitation\?token=([\w-]+)/);
    if (link) tokens.push(link[1]);
  }
  return tokens;
}

/** The token of the `count`th invitation mail to `email` (the newest, by default the first), once it arrived. */
export async function waitForInvitationToken(stack, email, count = 1) {
  const tokens = await waitFor(
    async () => {
      const found = await invitationTokens(stack, email);
      return found.length >= count && found;
    },
    { what: `invitation mail ${count} to ${email}` },
  );
  return tokens[count - 1];
}

/**
 * `inviter` (an owner or admin, signed in) invites a new address with `role`: { email, invitation
 * (the API's answer), token (the mail's link token) }.
 */
export async function invite(client, stack, inviter, role, tag = role) {
  const email = `sec-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const invitation = await client.expectStatus(201, 'POST', '/api/team/invitations', {
    token: inviter.token,
    body: { email, role },
  });
  return { email, invitation, token: await waitForInvitationToken(stack, email) };
}

/**
 * A colleague `inviter` invited with `role`, who signed up from the invitation link: { id, email,
 * password, token, role, orgRole, organizationId } like signUp's customers.
 */
export async function inviteMember(client, stack, inviter, role, tag = role) {
  const { email, token: invitation } = await invite(client, stack, inviter, role, tag);
  const { token } = await client.expectStatus(201, 'POST', '/api/auth/register', {
    body: { name: `Security ${tag}`, email, password: customerPassword, invitation },
  });
  const me = await client.expectStatus(200, 'GET', '/api/auth/me', { token });
  return {
    id: me.id,
    email,
    password: customerPassword,
    token,
    role: me.role,
    orgRole: me.orgRole,
    organizationId: me.organizationId,
  };
}

/** The owner's organization with a colleague of every role an invitation may carry: { owner, admin, … }. */
async function teamOf(client, stack, owner, tag) {
  const team = { owner: { ...owner, orgRole: 'owner' } };
  for (const role of contracts.invitableRoles) {
    team[role] = await inviteMember(client, stack, owner, role, `${tag}-${role}`);
  }
  return team;
}

/** A job application with a one-page PDF CV, as the careers form sends it (multipart). */
async function applicationForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Security Applicant',
    email: `sec-applicant-${randomUUID().slice(0, 8)}@example.com`,
    role: 'Team Lead - Operations',
    location: 'Manila, Philippines',
  })) {
    form.append(name, value);
  }
  form.append('cv', new File(['%PDF-1.7\n%%EOF\n'], 'cv.pdf', { type: 'application/pdf' }));
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type'),
  };
}

/** The token of the manage link (`/booking/<token>`) in the first booking mail to `email`, once it arrived. */
async function waitForBookingToken(stack, email) {
  return waitFor(
    async () => {
      for (const mail of await mailsTo(stack.mailCatcherUrl, email)) {
        const link = `${mail.text ?? ''} ${mail.html ?? ''}`.match(/\/booking\/([\w-]{43})\b/);
        if (link) return link[1];
      }
      return undefined;
    },
    { what: `booking mail to ${email}` },
  );
}

const QUARTER_MS = 15 * 60 * 1000;
/** Staff's list of slots stops at this many. */
const STAFF_LIST_MAX = 1000;
const nextQuarter = (ms) => Math.ceil(ms / QUARTER_MS) * QUARTER_MS;

/**
 * Free 15-minute starts from a day ahead on, one per call, around the booked slots `taken` (the suite's
 * database keeps earlier runs' slots); none past `knownUntil`, where staff's list of slots stopped.
 */
function freeStarts(taken, knownUntil) {
  const busy = taken
    .map((slot) => [Date.parse(slot.startsAt), Date.parse(slot.endsAt)])
    .sort((x, y) => x[0] - y[0]);
  let cursor = nextQuarter(Date.now() + 24 * 60 * 60 * 1000);
  return () => {
    for (const [start, end] of busy) {
      if (cursor < end && cursor + QUARTER_MS > start) cursor = nextQuarter(end);
    }
    if (cursor + QUARTER_MS > knownUntil) throw new Error('no free slot time known: too many booked slots');
    const start = cursor;
    cursor += QUARTER_MS;
    return new Date(start).toISOString();
  };
}

/** Hands out `ids` one at a time (one-shot routes), the last one again once they are used up. */
function oneAtATime(ids) {
  let next = 0;
  return () => ids[Math.min(next++, ids.length - 1)];
}

/**
 * The company's own booking (ADR 0232): slots staff publish and visitors book. Earlier runs' slots
 * nobody booked are removed first; new ones go into free times (`nextStart`, also the example of
 * publishing one). Pools for the one-shot routes: open slots to book, slots to remove. Two visitors'
 * bookings with their manage links: `kept` (viewed, moved to `rescheduleTo`, moving it there again
 * answers it as it stands) and `cancelled` (cancelling again answers it cancelled).
 */
async function bookingWorld(client, stack, staff) {
  const token = staff.token;
  const { slots: existing } = await client.expectStatus(200, 'GET', '/api/crm/staff/availability', { token });
  for (const slot of existing.filter((each) => !each.booking)) {
    const gone = await client.call('DELETE', `/api/crm/staff/availability/${slot.id}`, { token });
    if (![204, 404].includes(gone.status))
      throw new Error(`removing an old slot: ${gone.status} ${gone.text}`);
  }
  const nextStart = freeStarts(
    existing.filter((each) => each.booking),
    existing.length < STAFF_LIST_MAX ? Infinity : Date.parse(existing.at(-1).startsAt),
  );
  const publish = async (count) => {
    const ids = [];
    for (let n = 0; n < count; n++) {
      const slot = await client.expectStatus(201, 'POST', '/api/crm/staff/availability', {
        token,
        body: { startsAt: nextStart(), durationMinutes: 15 },
      });
      ids.push(slot.id);
    }
    return ids;
  };
  const book = async (slotId) => {
    const email = `sec-visitor-${randomUUID().slice(0, 8)}@example.com`;
    await client.expectStatus(201, 'POST', '/api/crm/booking', {
      body: { slotId, name: 'Security Visitor', email },
    });
    return waitForBookingToken(stack, email);
  };
  const [keptSlot, cancelledSlot, rescheduleTo] = await publish(3);
  const [kept, cancelled] = await Promise.all([book(keptSlot), book(cancelledSlot)]);
  await client.expectStatus(200, 'POST', `/api/crm/booking/manage/${cancelled}/cancel`);
  return {
    nextStart,
    openSlot: oneAtATime(await publish(30)),
    removableSlot: oneAtATime(await publish(30)),
    rescheduleTo,
    tokens: { kept, cancelled },
  };
}

/** A's objects in place, B and staff signed in. */
export async function createWorld(client, stack) {
  const [a, b, staff, doomed] = await Promise.all([
    signUp(client, 'a'),
    signUp(client, 'b'),
    signIn(client, stack.staff),
    // For account deletion: a password no other account has, so only its own token deletes it.
    signUp(client, 'doomed', `doomed-${randomUUID().slice(0, 8)}-password-1`),
  ]);
  // A second session of A's, as on another device: B tries to sign it out by its id.
  const spare = await signIn(client, a);
  const spareSessions = await client.expectStatus(200, 'GET', '/api/account/sessions', {
    token: spare.token,
  });
  const spareSession = spareSessions.find((each) => each.current);
  const packages = await client.expectStatus(200, 'GET', '/api/packages');
  const packageIds = packages.map((each) => each.id);

  const payment = await client.expectStatus(201, 'POST', '/api/create-payment-intent', {
    token: a.token,
    body: { items: [{ packageId: packageIds[0], quantity: 1 }] },
  });
  // A paid order (invoice, staff refunds): paid from "the browser" at the fake Stripe, completed by its webhook.
  const paid = await client.expectStatus(201, 'POST', '/api/create-payment-intent', {
    token: a.token,
    body: {
      items: [
        { packageId: packageIds[1], quantity: 1 },
        { packageId: packageIds[2], quantity: 1 },
        { packageId: packageIds[3], quantity: 1 },
      ],
    },
  });
  const confirmed = await fetch(
    `${stack.fakeStripe.url}/v1/payment_intents/${paid.clientSecret.split('_secret_')[0]}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_security',
        client_secret: paid.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
      }),
    },
  );
  if (!confirmed.ok) throw new Error(`paying A's order: ${confirmed.status} ${await confirmed.text()}`);
  await waitFor(
    async () => {
      const { body } = await client.call('GET', `/api/user/orders/${paid.orderId}`, { token: a.token });
      return body?.invoice;
    },
    { what: "A's paid order and its invoice" },
  );
  // A's subscriptions of that order: one for the customer routes, two asked a refund (one for staff to
  // approve, one to decline).
  const { subscriptions } = await client.expectStatus(200, 'GET', '/api/user/subscriptions', {
    token: a.token,
  });
  const [subscription, toApprove, toDecline] = [1, 2, 3].map(
    (index) => subscriptions.find((each) => each.packageId === packageIds[index]).id,
  );
  const askRefund = (id) =>
    client.expectStatus(201, 'POST', `/api/user/subscriptions/${id}/refund-request`, {
      token: a.token,
      body: { reason: 'Only A may read this reason' },
    });
  const [approvable, declinable] = [await askRefund(toApprove), await askRefund(toDecline)];
  const integration = await client.expectStatus(201, 'POST', '/api/crm/integrations', {
    token: a.token,
    body: {
      type: 'dialpad',
      name: 'A dialer',
      apiKey: 'a-dialer-api-key-1',
      webhookUrl: 'https://example.com/a',
    },
  });
  // A lead of the contact form, which staff work (status, notes).
  const lead = await client.expectStatus(201, 'POST', '/api/contact', {
    body: {
      firstName: 'Security',
      lastName: 'Lead',
      email: `sec-lead-${randomUUID().slice(0, 8)}@example.com`,
      message: 'A lead for the staff routes',
    },
  });
  // An open incident of the status page (ADR 0235), which staff post updates to.
  const { incident } = await client.expectStatus(201, 'POST', '/api/support/staff/incidents', {
    token: staff.token,
    body: {
      title: 'Security suite incident',
      services: ['api'],
      impact: 'degraded',
      message: 'Investigating',
    },
  });
  // An agent of the company's serving A's organization (the staff console's Agents page).
  const agent = await client.expectStatus(201, 'POST', '/api/support/staff/agents', {
    token: staff.token,
    body: {
      name: 'Security Agent',
      title: 'Customer Success Agent',
      email: `sec-agent-${randomUUID().slice(0, 8)}@example.com`,
    },
  });
  await client.expectStatus(
    200,
    'PUT',
    `/api/support/staff/agents/${agent.id}/organizations/${a.organizationId}`,
    {
      token: staff.token,
    },
  );
  const ticket = await client.expectStatus(201, 'POST', '/api/support/tickets', {
    token: a.token,
    body: { title: 'A ticket', description: 'Only A may read this', priority: 'high' },
  });
  // A file on A's ticket (a reply of A's with an attachment).
  const attachment = await client.expectStatus(201, 'POST', '/api/support/attachments?name=a-log.txt', {
    token: a.token,
    body: Buffer.from('Only A may read this file\n'),
    contentType: 'application/octet-stream',
  });
  await client.expectStatus(201, 'POST', `/api/support/tickets/${ticket.id}/messages`, {
    token: a.token,
    body: { body: 'The log is attached', attachmentIds: [attachment.id] },
  });
  // A's live chat (ADR 0236), taken by staff: with no staffer online it would have become a ticket at
  // once, and the staff routes would meet a chat that is no longer open.
  await client.expectStatus(204, 'PUT', '/api/support/staff/chats/presence', { token: staff.token });
  const chat = await client.expectStatus(201, 'POST', '/api/support/chats', {
    token: a.token,
    body: { message: 'Only A may read this chat' },
  });
  await client.expectStatus(200, 'POST', `/api/support/staff/chats/${chat.id}/accept`, {
    token: staff.token,
  });
  const application = await client.expectStatus(
    201,
    'POST',
    '/api/careers/applications',
    await applicationForm(),
  );
  const call = JSON.stringify({
    type: 'call.completed',
    data: { call_id: `a-call-${Date.now()}`, duration: 90 },
  });
  await client.expectStatus(202, 'POST', `/api/crm/inbound/${integration.id}`, {
    body: call,
    contentType: 'application/json',
    headers: inboundSignature(integration.signingSecret, call),
  });
  await waitFor(
    async () => {
      const { body } = await client.call('GET', '/api/kpi/metrics', { token: a.token });
      return body?.today?.calls >= 1;
    },
    { what: "A's call in A's KPIs" },
  );
  const [aTeam, bTeam] = await Promise.all([teamOf(client, stack, a, 'a'), teamOf(client, stack, b, 'b')]);
  const pending = await invite(client, stack, a, 'member', 'a-pending');
  const booking = await bookingWorld(client, stack, staff);

  return {
    a,
    b,
    staff,
    doomed,
    packageIds,
    members: { a: aTeam, b: bTeam },
    ids: {
      member: aTeam.member.id,
      invitation: pending.invitation.id,
      order: payment.orderId,
      paidOrder: paid.orderId,
      incident: incident.id,
      subscription,
      refundRequest: approvable.refundRequest.id,
      declinableRefundRequest: declinable.refundRequest.id,
      integration: integration.id,
      ticket: ticket.id,
      chat: chat.id,
      attachment: attachment.id,
      application: application.id,
      lead: lead.id,
      agent: agent.id,
      organization: a.organizationId,
      session: spareSession.id,
      // A slot nobody booked, a new one each time (removing one is a one-shot action).
      get slot() {
        return booking.removableSlot();
      },
    },
    booking,
    integrationSecret: integration.signingSecret,
    paymentIntentId: payment.clientSecret.split('_secret_')[0],
    stripeWebhookSecret: stack.fakeStripe.webhookSecret,
  };
}

/**
 * Path parameters naming A's object of the route's kind (`:id`, `:integrationId`, `:userId`), and the
 * manage link's `:token` of the route's booking.
 */
export function idsFor(route, ctx) {
  const id = ctx.ids[route.owned];
  return {
    id,
    token: route.booking && ctx.booking.tokens[route.booking],
    integrationId: ctx.ids.integration,
    userId: ctx.ids.member,
    attachmentId: ctx.ids.attachment,
    organizationId: ctx.ids.organization,
  };
}
