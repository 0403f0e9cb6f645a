// Every HTTP route of the stack, as the suite classifies it. access-control.test.mjs compares this list
// with the routes the running processes map (Nest's "Mapped {path, METHOD} route" log lines), so a route
// added to a service fails the suite until it is classified here (and so covered by every check that
// reads this list: access, IDOR, extra fields, fuzzed bodies, content types, sqlmap).
//
// access:
//   public     anyone
//   signed-in  any valid token (libs/auth JwtAuthGuard, or identity's own session guard)
//   customer   @CustomerOnly: a customer's token; staff get 403
//   staff      @StaffOnly: a staff token; customers get 403
//   signature  no token: a signature over the raw body (Stripe webhook, an integration's inbound events)
// owned: the route answers or touches one customer's data ('order', 'paidOrder', 'integration', 'ticket', 'metrics',
//   'integration-counts';
//   'account': a part of 'Export my data', everything the service holds about the caller, or the
//   caller's account settings; 'session': the caller's sessions, ctx.ids.session one of A's).
// example(ctx): a valid body for write routes (ctx from fixtures.mjs); fields: the body's field names.
// query(ctx): every query parameter the route reads, with a valid value each (sqlmap tests each one).
// booking: which of the fixtures' bookings (ctx.booking.tokens) the manage link's :token opens.
import { randomUUID } from 'node:crypto';

/**
 * @typedef {object} Route
 * @property {string} service
 * @property {string} method
 * @property {string} path
 * @property {'public' | 'signed-in' | 'customer' | 'staff' | 'signature'} access
 * @property {string} [owned]
 * @property {boolean} [stream]
 * @property {string[]} [fields]
 * @property {string[]} [itemFields] the fields of each entry of `items`
 * @property {string[]} [dataFields] the fields of `data`
 * @property {'stripe' | 'inbound'} [sign] who signs the body (Stripe, or the integration's secret)
 * @property {string} [accepts] the media type of the body when it is not JSON (a malformed one is a 400)
 * @property {() => Buffer} [upload] a valid body of an `accepts` route that takes a file's bytes
 * @property {(ctx: any) => any} [example]
 * @property {(ctx: any) => Record<string, string>} [query]
 * @property {'kept' | 'cancelled'} [booking] the visitor's booking whose manage link is the `:token`
 *
 * @typedef {Route & { fields: string[], example: (ctx: any) => any }} BodyRoute a route that takes a body
 */

/** @type {Route[]} */
export const routes = [
  // identity
  { service: 'identity', method: 'GET', path: '/health', access: 'public' },
  { service: 'identity', method: 'GET', path: '/livez', access: 'public' },
  { service: 'identity', method: 'GET', path: '/readyz', access: 'public' },
  { service: 'identity', method: 'GET', path: '/api/identity/features', access: 'public' },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    fields: ['name', 'email', 'password'],
    example: () => ({
      name: 'Fresh Customer',
      email: `sec-new-${randomUUID().slice(0, 8)}@example.com`,
      password: 'fresh-password-1',
    }),
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    fields: ['email', 'password'],
    example: (ctx) => ({ email: ctx.b.email, password: ctx.b.password }),
  },
  { service: 'identity', method: 'GET', path: '/api/auth/me', access: 'signed-in' },
  // Signs the caller out: checks use a throwaway session of their own (ctx.throwaway).
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/logout',
    access: 'signed-in',
    fields: [],
    example: () => ({}),
  },
  { service: 'identity', method: 'GET', path: '/api/auth/.well-known/jwks.json', access: 'public' },
  // identity: two-factor, export, deletion (issue 17)
  // The second step of a two-factor sign-in; a made-up challenge answers 401.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/login/two-factor',
    access: 'public',
    fields: ['challenge', 'code'],
    example: () => ({ challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', code: '123456' }),
  },
  // Reads no body: a new pending secret for the caller.
  { service: 'identity', method: 'POST', path: '/api/account/two-factor/setup', access: 'signed-in' },
  // Asks for the password as well as a code: its example's password is the throwaway account's
  // (ctx.doomed), so with anyone else's token it is a wrong password (400) and nothing is turned on.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/account/two-factor/enable',
    access: 'signed-in',
    fields: ['code', 'password'],
    example: (ctx) => ({ code: '123456', password: ctx.doomed.password }),
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/account/two-factor/disable',
    access: 'signed-in',
    fields: ['code', 'password'],
    example: () => ({ code: '123456' }),
  },
  { service: 'identity', method: 'GET', path: '/api/account/export', access: 'signed-in', owned: 'account' },
  // Deletes the caller's account: its example is the password of a throwaway account (ctx.doomed, its
  // own password), so with anyone else's token it is a wrong password (400) and deletes nothing.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/account/delete',
    access: 'signed-in',
    fields: ['password'],
    example: (ctx) => ({ password: ctx.doomed.password }),
  },
  // identity: account (issue 17)
  // 'Forgot password?': 202 alike for every email (A's here), limited per email and address (then 429).
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    fields: ['email'],
    example: (ctx) => ({ email: ctx.a.email }),
  },
  // The mail links' routes: a made-up token (43 base64url characters) is a link that is not valid (400).
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    fields: ['token', 'password'],
    example: () => ({ token: 'A'.repeat(43), password: 'security-reset-password-1' }),
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/verify-email',
    access: 'public',
    fields: ['token'],
    example: () => ({ token: 'A'.repeat(43) }),
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/confirm-email',
    access: 'public',
    fields: ['token'],
    example: () => ({ token: 'A'.repeat(43) }),
  },
  { service: 'identity', method: 'GET', path: '/api/account', access: 'signed-in', owned: 'account' },
  {
    service: 'identity',
    method: 'PATCH',
    path: '/api/account',
    access: 'signed-in',
    owned: 'account',
    fields: ['name'],
    example: () => ({ name: 'Security Renamed' }),
  },
  // Reads no body: a new verification link for the caller (202, 409 once verified, 429 past its limit).
  { service: 'identity', method: 'POST', path: '/api/account/verification-email', access: 'signed-in' },
  // An email change mails a link to the new address; nothing changes until it is opened.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/account/email',
    access: 'signed-in',
    fields: ['newEmail', 'currentPassword'],
    example: (ctx) => ({
      newEmail: `sec-moved-${randomUUID().slice(0, 8)}@example.com`,
      currentPassword: ctx.a.password,
    }),
  },
  // Its example's current password is the throwaway account's (ctx.doomed), so with anyone else's
  // token it is a wrong password (400) and no password changes.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/account/password',
    access: 'signed-in',
    fields: ['currentPassword', 'newPassword'],
    example: (ctx) => ({ currentPassword: ctx.doomed.password, newPassword: 'security-new-password-1' }),
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/account/sessions',
    access: 'signed-in',
    owned: 'session',
  },
  // Reads no body: signs the caller's other sessions out (A's spare session, ctx.ids.session, among them).
  { service: 'identity', method: 'POST', path: '/api/account/sessions/sign-out-others', access: 'signed-in' },
  // The account's ticket emails (issue 19): on unless turned off in settings.
  // Not `owned`: the answer is one flag, with nothing of the account's to look for in another's list.
  { service: 'identity', method: 'GET', path: '/api/account/notifications', access: 'signed-in' },
  {
    service: 'identity',
    method: 'PUT',
    path: '/api/account/notifications',
    access: 'signed-in',
    fields: ['ticketEmails'],
    example: () => ({ ticketEmails: true }),
  },
  // Staff's customers (issue 19): every organization with plan and members, accounts by email or id.
  {
    service: 'identity',
    method: 'GET',
    path: '/api/identity/staff/organizations',
    access: 'staff',
    query: (ctx) => ({
      q: 'a',
      cursor: Buffer.from(`2999-01-01T00:00:00.000000Z ${ctx.a.organizationId}`).toString('base64url'),
      limit: '20',
    }),
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/identity/staff/organizations/:id',
    access: 'staff',
    owned: 'organization',
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/identity/staff/customers',
    access: 'staff',
    query: (ctx) => ({ email: ctx.a.email }),
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/identity/staff/users',
    access: 'staff',
    query: (ctx) => ({ id: ctx.a.id }),
  },
  // One of the caller's sessions by id: A's spare session; anyone else's id answers 404.
  {
    service: 'identity',
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    access: 'signed-in',
    owned: 'session',
  },
  // identity: the team page (issue 18). Behind identity's @SessionMemberCan: a customer acting in an
  // organization whose role has the route's permission (staff 403); ids of another organization 404.
  { service: 'identity', method: 'GET', path: '/api/team/members', access: 'customer', owned: 'member' },
  // A's `member` (ctx.ids.member) given another role; anyone else's id answers 404.
  {
    service: 'identity',
    method: 'PATCH',
    path: '/api/team/members/:userId',
    access: 'customer',
    owned: 'member',
    fields: ['role'],
    example: () => ({ role: 'billing' }),
  },
  // Removes A's `member`: the checks that call it with A's own token end that membership (then 404).
  {
    service: 'identity',
    method: 'DELETE',
    path: '/api/team/members/:userId',
    access: 'customer',
    owned: 'member',
  },
  // Reads no body: the caller leaves (A, the only owner, gets 409 lastOwner and stays).
  { service: 'identity', method: 'POST', path: '/api/team/leave', access: 'customer' },
  // Makes A's `member` the owner and A an admin: a strict body, so an extra field is a 400 that moves nothing.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/team/transfer-ownership',
    access: 'customer',
    owned: 'member',
    fields: ['userId'],
    example: (ctx) => ({ userId: ctx.ids.member }),
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/team/invitations',
    access: 'customer',
    owned: 'invitation',
  },
  // Mails an invitation to a new address each time (50 a day per organization, then 429).
  {
    service: 'identity',
    method: 'POST',
    path: '/api/team/invitations',
    access: 'customer',
    owned: 'invitation',
    fields: ['email', 'role'],
    example: () => ({ email: `sec-inv-${randomUUID().slice(0, 8)}@example.com`, role: 'member' }),
  },
  // Reads no body: a new link for A's pending invitation (ctx.ids.invitation); the old one stops working.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/team/invitations/:id/resend',
    access: 'customer',
    owned: 'invitation',
  },
  // Revokes A's pending invitation (then 404: only a pending one can be revoked).
  {
    service: 'identity',
    method: 'DELETE',
    path: '/api/team/invitations/:id',
    access: 'customer',
    owned: 'invitation',
  },
  // The organization's audit log; the cursor is opaque to clients, made as identity makes it (base64url
  // of "<at> <id>"), far enough ahead to page from the newest.
  {
    service: 'identity',
    method: 'GET',
    path: '/api/team/audit',
    access: 'customer',
    owned: 'audit',
    query: () => ({
      cursor: Buffer.from('2999-01-01T00:00:00.000000Z 00000000-0000-4000-8000-000000000000').toString(
        'base64url',
      ),
    }),
  },
  // The invitation link's page: a made-up token (43 base64url characters) is no invitation (404).
  {
    service: 'identity',
    method: 'POST',
    path: '/api/invitations/preview',
    access: 'public',
    fields: ['token'],
    example: () => ({ token: 'A'.repeat(43) }),
  },
  // Joins with the link, signed in as the invited email's account: a made-up token is a 404.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/invitations/accept',
    access: 'signed-in',
    fields: ['token'],
    example: () => ({ token: 'A'.repeat(43) }),
  },
  // identity: organizations with members (issue 18)
  // A new token for the caller's session, acting in the organization asked for (404 unless a member)
  // or the current one; a token whose membership changed is taken here and only here.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/token',
    access: 'signed-in',
    fields: ['organizationId'],
    example: () => ({}),
  },
  // The caller's organizations with their role in each (the header's switcher).
  { service: 'identity', method: 'GET', path: '/api/organizations', access: 'signed-in', owned: 'account' },
  // A new organization with the caller as owner; answers a token acting in it.
  {
    service: 'identity',
    method: 'POST',
    path: '/api/organizations',
    access: 'signed-in',
    fields: ['name'],
    example: () => ({ name: `Sec Org ${randomUUID().slice(0, 8)}` }),
  },
  // commerce
  { service: 'commerce', method: 'GET', path: '/health', access: 'public' },
  { service: 'commerce', method: 'GET', path: '/livez', access: 'public' },
  { service: 'commerce', method: 'GET', path: '/readyz', access: 'public' },
  { service: 'commerce', method: 'GET', path: '/api/packages', access: 'public' },
  // The organization's orders (@MemberCan('orders.read'); checkout: 'checkout.pay'): staff get 403.
  { service: 'commerce', method: 'GET', path: '/api/user/orders', access: 'customer', owned: 'order' },
  { service: 'commerce', method: 'GET', path: '/api/user/orders/:id', access: 'customer', owned: 'order' },
  // A page of them (issue 19); the cursor is made as commerce makes it, far enough ahead to page from the newest.
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/user/orders/page',
    access: 'customer',
    owned: 'order',
    query: () => ({
      cursor: Buffer.from('2999-01-01T00:00:00.000000Z 00000000-0000-4000-8000-000000000000').toString(
        'base64url',
      ),
      limit: '20',
    }),
  },
  // The PDF invoice of A's paid order (an unpaid one has none). Its `?paper=letter|a4` is left out of
  // `query`: with the id marked in the path, sqlmap tests only the marked id, never the query (and
  // paper is an enum the contract checks before anything reads the database).
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/user/orders/:id/invoice',
    access: 'customer',
    owned: 'paidOrder',
  },
  // Staff: every organization's orders, their invoices, and refunds through Stripe (A's paid order is
  // refunded a dollar at a time).
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/commerce/staff/orders',
    access: 'staff',
    query: (ctx) => ({
      organizationId: ctx.a.organizationId,
      status: 'completed',
      cursor: Buffer.from(`2999-01-01T00:00:00.000000Z ${ctx.ids.paidOrder}`).toString('base64url'),
      limit: '20',
    }),
  },
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/commerce/staff/orders/:id',
    access: 'staff',
    owned: 'paidOrder',
  },
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/commerce/staff/orders/:id/invoice',
    access: 'staff',
    owned: 'paidOrder',
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/commerce/staff/orders/:id/refunds',
    access: 'staff',
    owned: 'paidOrder',
    fields: ['amount', 'reason'],
    example: () => ({ amount: '1.00', reason: 'requested_by_customer' }),
  },
  // Subscriptions (issue 24): one per package of A's paid order; read with 'orders.read', changed with
  // 'checkout.pay'. A's subscription is changed, canceled and asked a refund of (then 409s).
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/user/subscriptions',
    access: 'customer',
    owned: 'subscription',
  },
  {
    service: 'commerce',
    method: 'PUT',
    path: '/api/user/subscriptions/:id/pending-change',
    access: 'customer',
    owned: 'subscription',
    fields: ['packageId', 'quantity'],
    example: (ctx) => ({ packageId: ctx.packageIds[0], quantity: 2 }),
  },
  {
    service: 'commerce',
    method: 'DELETE',
    path: '/api/user/subscriptions/:id/pending-change',
    access: 'customer',
    owned: 'subscription',
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/user/subscriptions/:id/cancellation',
    access: 'customer',
    owned: 'subscription',
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/user/subscriptions/:id/refund-request',
    access: 'customer',
    owned: 'subscription',
    fields: ['reason'],
    example: () => ({ reason: 'Not what we needed' }),
  },
  // Staff: money-back requests (A's, on the other packages of its paid order): one approved (a refund,
  // once; approving again answers it as it stands), one declined (declining again likewise).
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/commerce/staff/refund-requests',
    access: 'staff',
    query: () => ({ status: 'requested' }),
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/commerce/staff/refund-requests/:id/approve',
    access: 'staff',
    owned: 'refundRequest',
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/commerce/staff/refund-requests/:id/decline',
    access: 'staff',
    owned: 'declinableRefundRequest',
    fields: ['reason'],
    example: () => ({ reason: 'The service was used in full' }),
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/create-payment-intent',
    access: 'customer',
    owned: 'order',
    fields: ['items'],
    itemFields: ['packageId', 'quantity'],
    example: (ctx) => ({ items: [{ packageId: ctx.packageIds[0], quantity: 1 }] }),
  },
  {
    service: 'commerce',
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'signature',
    sign: 'stripe',
    fields: ['id', 'object', 'type', 'data', 'created', 'api_version'],
    example: (ctx) => ({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: ctx.paymentIntentId ?? 'pi_unknown', object: 'payment_intent', metadata: {} } },
    }),
  },
  // crm
  { service: 'crm', method: 'GET', path: '/health', access: 'public' },
  { service: 'crm', method: 'GET', path: '/livez', access: 'public' },
  { service: 'crm', method: 'GET', path: '/readyz', access: 'public' },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    fields: ['firstName', 'lastName', 'email', 'company', 'message', 'website'],
    example: () => ({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Engines',
      message: 'Call me',
    }),
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/newsletter',
    access: 'public',
    fields: ['email'],
    example: () => ({ email: `sec-news-${randomUUID().slice(0, 8)}@example.com` }),
  },
  { service: 'crm', method: 'GET', path: '/api/crm/integrations', access: 'customer', owned: 'integration' },
  // The counts behind the overview's Service Status, for every member of the organization.
  {
    service: 'crm',
    method: 'GET',
    path: '/api/crm/integrations/summary',
    access: 'customer',
    owned: 'integration-counts',
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/integrations',
    access: 'customer',
    owned: 'integration',
    fields: ['type', 'name', 'apiKey', 'webhookUrl'],
    example: () => ({
      type: 'hubspot',
      name: 'HubSpot',
      apiKey: `key-${randomUUID()}`,
      webhookUrl: 'https://example.com/hook',
    }),
  },
  {
    service: 'crm',
    method: 'DELETE',
    path: '/api/crm/integrations/:id',
    access: 'customer',
    owned: 'integration',
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/inbound/:integrationId',
    access: 'signature',
    owned: 'integration',
    sign: 'inbound',
    fields: ['type', 'occurred_at', 'data'],
    dataFields: ['call_id', 'duration', 'resolution', 'agent_id', 'lead_id', 'source'],
    example: () => ({
      type: 'call.completed',
      data: { call_id: `c-${randomUUID()}`, duration: 60, resolution: 'resolved', agent_id: 'a-1' },
    }),
  },
  {
    service: 'crm',
    method: 'PATCH',
    path: '/api/crm/staff/integrations/:id',
    access: 'staff',
    owned: 'integration',
    fields: ['isActive'],
    example: () => ({ isActive: true }),
  },
  // Staff work the leads (issue 19): status, notes; a lead of the contact form is ctx.ids.lead.
  {
    service: 'crm',
    method: 'GET',
    path: '/api/crm/staff/leads',
    access: 'staff',
    query: (ctx) => ({
      status: 'new',
      q: 'security',
      cursor: Buffer.from(`2999-01-01T00:00:00.000000Z ${ctx.ids.lead}`).toString('base64url'),
      limit: '20',
    }),
  },
  { service: 'crm', method: 'GET', path: '/api/crm/staff/leads/:id', access: 'staff', owned: 'lead' },
  {
    service: 'crm',
    method: 'PATCH',
    path: '/api/crm/staff/leads/:id',
    access: 'staff',
    owned: 'lead',
    fields: ['status'],
    example: () => ({ status: 'contacted' }),
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/staff/leads/:id/notes',
    access: 'staff',
    owned: 'lead',
    fields: ['body'],
    example: () => ({ body: 'Called back, demo booked' }),
  },
  // Integrations' health per organization (issue 19): last event, last refused delivery.
  {
    service: 'crm',
    method: 'GET',
    path: '/api/crm/staff/integrations',
    access: 'staff',
    query: (ctx) => ({ organizationId: ctx.a.organizationId }),
  },
  {
    service: 'crm',
    method: 'GET',
    path: '/api/crm/staff/integrations/health',
    access: 'staff',
    query: (ctx) => ({ organizationId: ctx.a.organizationId }),
  },
  // The organisation's kickoff call (the dashboard's onboarding checklist), one per organisation.
  { service: 'crm', method: 'GET', path: '/api/crm/kickoff', access: 'customer' },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/kickoff',
    access: 'customer',
    fields: ['eventUri'],
    example: () => ({ eventUri: `https://api.calendly.com/scheduled_events/${randomUUID()}` }),
  },
  // The company's own call booking (ADR 0232). Booking is limited per email and address like the contact
  // form (the suite's stack lifts those limits); each booking takes the next of the fixtures' open
  // slots (once they are used up, the last one again: 409, taken).
  { service: 'crm', method: 'GET', path: '/api/crm/booking/slots', access: 'public' },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/booking',
    access: 'public',
    fields: ['slotId', 'name', 'email', 'company', 'phone', 'note', 'website'],
    example: (ctx) => ({
      slotId: ctx.booking.openSlot(),
      name: 'Ada Lovelace',
      email: `sec-visitor-${randomUUID().slice(0, 8)}@example.com`,
      company: 'Engines',
      phone: '+44 20 7946 0000',
      note: 'About the analytical engine',
    }),
  },
  // The booking mail's manage link: the 43-character token opens one booking (anything else 404s).
  // The kept booking is viewed and moved to ctx.booking.rescheduleTo (moving it there again answers it
  // as it stands); the cancelled one is cancelled again (answered as it stands).
  {
    service: 'crm',
    method: 'GET',
    path: '/api/crm/booking/manage/:token',
    access: 'public',
    booking: 'kept',
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/booking/manage/:token/cancel',
    access: 'public',
    booking: 'cancelled',
  },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/booking/manage/:token/reschedule',
    access: 'public',
    booking: 'kept',
    fields: ['slotId'],
    example: (ctx) => ({ slotId: ctx.booking.rescheduleTo }),
  },
  // Staff publish slots (each example a free time of its own: slots may not overlap), remove one
  // nobody booked (ctx.ids.slot: a new one each time), and see the bookings.
  { service: 'crm', method: 'GET', path: '/api/crm/staff/availability', access: 'staff' },
  {
    service: 'crm',
    method: 'POST',
    path: '/api/crm/staff/availability',
    access: 'staff',
    fields: ['startsAt', 'durationMinutes'],
    example: (ctx) => ({ startsAt: ctx.booking.nextStart(), durationMinutes: 15 }),
  },
  {
    service: 'crm',
    method: 'DELETE',
    path: '/api/crm/staff/availability/:id',
    access: 'staff',
    owned: 'slot',
  },
  { service: 'crm', method: 'GET', path: '/api/crm/staff/bookings', access: 'staff' },
  // Job applications: multipart (a CV), so no JSON example; staff read them and download the CV.
  {
    service: 'crm',
    method: 'POST',
    path: '/api/careers/applications',
    access: 'public',
    accepts: 'multipart/form-data',
  },
  { service: 'crm', method: 'GET', path: '/api/careers/applications', access: 'staff' },
  {
    service: 'crm',
    method: 'GET',
    path: '/api/careers/applications/:id/cv',
    access: 'staff',
    owned: 'application',
  },
  // support
  { service: 'support', method: 'GET', path: '/health', access: 'public' },
  { service: 'support', method: 'GET', path: '/livez', access: 'public' },
  { service: 'support', method: 'GET', path: '/readyz', access: 'public' },
  { service: 'support', method: 'GET', path: '/api/support/tickets', access: 'customer', owned: 'ticket' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/tickets',
    access: 'customer',
    owned: 'ticket',
    fields: ['title', 'description', 'priority', 'attachmentIds'],
    example: () => ({ title: 'Printer', description: 'It jams', priority: 'low' }),
  },
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/tickets/:id',
    access: 'customer',
    owned: 'ticket',
  },
  // A member's side of a ticket's conversation (issue 19): the list a page at a time, the unread count,
  // the thread, a reply, close, reopen, read; uploads (the file's bytes) and downloads; deflections.
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/tickets/page',
    access: 'customer',
    owned: 'ticket',
    query: (ctx) => ({
      status: 'open',
      cursor: Buffer.from(`2999-01-01T00:00:00.000000Z ${ctx.ids.ticket}`).toString('base64url'),
      limit: '20',
    }),
  },
  // A count of the member's organization's tickets (no object of A's to find in it, nor B's in B's).
  { service: 'support', method: 'GET', path: '/api/support/tickets/unread', access: 'customer' },
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/tickets/:id/messages',
    access: 'customer',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    access: 'customer',
    owned: 'ticket',
    fields: ['body', 'attachmentIds'],
    example: () => ({ body: 'A reply of A' }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/tickets/:id/close',
    access: 'customer',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/tickets/:id/reopen',
    access: 'customer',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/tickets/:id/read',
    access: 'customer',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/attachments',
    access: 'customer',
    accepts: 'application/octet-stream',
    query: () => ({ name: 'call-log.txt' }),
    upload: () => Buffer.from('10:02 call dropped\n'),
  },
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/tickets/:id/attachments/:attachmentId',
    access: 'customer',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/deflections',
    access: 'customer',
    fields: ['articleId', 'query'],
    example: () => ({ articleId: 'how-quickly-can-we-get-started', query: 'how fast can we start' }),
  },
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/staff/tickets',
    access: 'staff',
    owned: 'ticket',
    // Filters and paging: A's ticket is open and high. The cursor is opaque to clients; this one is made
    // as support makes it (base64url of "<created_at> <id>"), far enough ahead to page from the newest.
    query: (ctx) => ({
      status: 'open',
      priority: 'high',
      customerId: ctx.a.id,
      organizationId: ctx.a.organizationId,
      assigneeId: 'none',
      breaching: 'false',
      // The run of tickets not breaching ("r."), from a time far ahead: the newest first.
      cursor: `r.${Buffer.from(`2999-01-01T00:00:00.000000Z ${ctx.ids.ticket}`).toString('base64url')}`,
      limit: '20',
    }),
  },
  {
    service: 'support',
    method: 'PATCH',
    path: '/api/support/staff/tickets/:id',
    access: 'staff',
    owned: 'ticket',
    fields: ['status', 'priority', 'assigneeId'],
    example: () => ({ status: 'in_progress' }),
  },
  // Ticket conversations (issue 19): the thread with internal notes, staff replies and notes, uploads
  // (the file's bytes), downloads, open tickets per organization, the deflection figure.
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/staff/tickets/:id',
    access: 'staff',
    owned: 'ticket',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/tickets/:id/messages',
    access: 'staff',
    owned: 'ticket',
    fields: ['body', 'internal', 'attachmentIds'],
    example: () => ({ body: 'A note only staff read', internal: true }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/attachments',
    access: 'staff',
    accepts: 'application/octet-stream',
    query: () => ({ name: 'staff-notes.txt' }),
    upload: () => Buffer.from('Notes of a staff member\n'),
  },
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/staff/tickets/:id/attachments/:attachmentId',
    access: 'staff',
    owned: 'ticket',
  },
  { service: 'support', method: 'GET', path: '/api/support/staff/open-tickets', access: 'staff' },
  { service: 'support', method: 'GET', path: '/api/support/staff/deflections', access: 'staff' },
  // The public status page (ADR 0235): its figures and the subscription form for anyone (the mails'
  // links: a made-up token answers 404); incidents for staff (ctx.ids.incident stays open: the
  // examples post updates, never `resolved`).
  { service: 'support', method: 'GET', path: '/api/status', access: 'public' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/status/subscriptions',
    access: 'public',
    fields: ['email'],
    example: () => ({ email: `sec-status-${randomUUID().slice(0, 8)}@example.com` }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/status/subscriptions/confirm',
    access: 'public',
    fields: ['token'],
    example: () => ({ token: randomUUID().replaceAll('-', '') }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/status/subscriptions/unsubscribe',
    access: 'public',
    fields: ['token'],
    example: () => ({ token: randomUUID().replaceAll('-', '') }),
  },
  { service: 'support', method: 'GET', path: '/api/support/staff/incidents', access: 'staff' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/incidents',
    access: 'staff',
    fields: ['title', 'services', 'impact', 'status', 'message'],
    example: () => ({ title: 'Slow API', services: ['api'], impact: 'degraded', message: 'Looking into it' }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/incidents/:id/updates',
    access: 'staff',
    owned: 'incident',
    fields: ['status', 'message', 'impact'],
    example: () => ({ status: 'monitoring', message: 'A fix is out; watching it' }),
  },
  // The staff console's agents (issue 20): the fixtures' agent is ctx.ids.agent, assigned to A.
  {
    service: 'support',
    method: 'GET',
    path: '/api/support/staff/agents',
    access: 'staff',
    query: (ctx) => ({ organizationId: ctx.a.organizationId }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/agents',
    access: 'staff',
    fields: ['name', 'title', 'email'],
    example: () => ({
      name: 'Avery Stone',
      title: 'Customer Success Agent',
      email: `sec-agent-${randomUUID().slice(0, 8)}@example.com`,
    }),
  },
  {
    service: 'support',
    method: 'PATCH',
    path: '/api/support/staff/agents/:id',
    access: 'staff',
    owned: 'agent',
    fields: ['name', 'title', 'email', 'active'],
    example: () => ({ title: 'Senior Customer Success Agent' }),
  },
  ...['PUT', 'DELETE'].map((method) => ({
    service: 'support',
    method,
    path: '/api/support/staff/agents/:id/organizations/:organizationId',
    access: /** @type {const} */ ('staff'),
    owned: 'agent',
  })),
  // kpi
  { service: 'kpi', method: 'GET', path: '/health', access: 'public' },
  { service: 'kpi', method: 'GET', path: '/livez', access: 'public' },
  { service: 'kpi', method: 'GET', path: '/readyz', access: 'public' },
  {
    service: 'kpi',
    method: 'GET',
    path: '/api/kpi/metrics',
    access: 'customer',
    owned: 'metrics',
    query: () => ({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }),
  },
  // The same daily rows as a CSV download (issue 19).
  {
    service: 'kpi',
    method: 'GET',
    path: '/api/kpi/metrics/export',
    access: 'customer',
    owned: 'metrics',
    query: () => ({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }),
  },
  // the gateway's own routes
  { service: 'gateway', method: 'GET', path: '/api/healthz', access: 'public' },
  { service: 'gateway', method: 'GET', path: '/api/readyz', access: 'public' },
  // The probes' status alone (ADR 0209); the details are on the internal port, never routed.
  { service: 'gateway', method: 'GET', path: '/livez', access: 'public' },
  { service: 'gateway', method: 'GET', path: '/readyz', access: 'public' },
  {
    service: 'gateway',
    method: 'GET',
    path: '/api/kpi/stream',
    access: 'customer',
    owned: 'metrics',
    stream: true,
  },
  // Live ticket updates (issue 19): a member's organization's ticket changes (?ticketId= one ticket's),
  // and every ticket's activity for staff.
  {
    service: 'gateway',
    method: 'GET',
    path: '/api/support/stream',
    access: 'customer',
    owned: 'ticket',
    stream: true,
  },
  { service: 'gateway', method: 'GET', path: '/api/support/staff/stream', access: 'staff', stream: true },
  // Live chat (ADR 0236): a member's organization's chats, staff presence and every chat for staff; the
  // two live streams are the gateway's.
  {
    service: 'gateway',
    method: 'GET',
    path: '/api/support/chats/stream',
    access: 'customer',
    owned: 'chat',
    stream: true,
  },
  {
    service: 'gateway',
    method: 'GET',
    path: '/api/support/staff/chats/stream',
    access: 'staff',
    stream: true,
  },
  { service: 'support', method: 'GET', path: '/api/support/chats/availability', access: 'customer' },
  { service: 'support', method: 'GET', path: '/api/support/chats', access: 'customer', owned: 'chat' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/chats',
    access: 'customer',
    fields: ['message'],
    example: () => ({ message: 'A chat message of A' }),
  },
  { service: 'support', method: 'GET', path: '/api/support/chats/:id', access: 'customer', owned: 'chat' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/chats/:id/messages',
    access: 'customer',
    owned: 'chat',
    fields: ['message'],
    example: () => ({ message: 'Another message of A' }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/chats/:id/typing',
    access: 'customer',
    owned: 'chat',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/chats/:id/close',
    access: 'customer',
    owned: 'chat',
  },
  { service: 'support', method: 'PUT', path: '/api/support/staff/chats/presence', access: 'staff' },
  { service: 'support', method: 'DELETE', path: '/api/support/staff/chats/presence', access: 'staff' },
  { service: 'support', method: 'GET', path: '/api/support/staff/chats', access: 'staff' },
  { service: 'support', method: 'GET', path: '/api/support/staff/chats/:id', access: 'staff', owned: 'chat' },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/chats/:id/accept',
    access: 'staff',
    owned: 'chat',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/chats/:id/messages',
    access: 'staff',
    owned: 'chat',
    fields: ['message'],
    example: () => ({ message: 'A staff answer' }),
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/chats/:id/typing',
    access: 'staff',
    owned: 'chat',
  },
  {
    service: 'support',
    method: 'POST',
    path: '/api/support/staff/chats/:id/close',
    access: 'staff',
    owned: 'chat',
  },
  // account export (issue 17): each service's part of 'Export my data', only ever the caller's own.
  {
    service: 'commerce',
    method: 'GET',
    path: '/api/account/export/commerce',
    access: 'signed-in',
    owned: 'account',
  },
  { service: 'crm', method: 'GET', path: '/api/account/export/crm', access: 'signed-in', owned: 'account' },
  {
    service: 'support',
    method: 'GET',
    path: '/api/account/export/support',
    access: 'signed-in',
    owned: 'account',
  },
  { service: 'kpi', method: 'GET', path: '/api/account/export/kpi', access: 'signed-in', owned: 'account' },
];

/**
 * Routes of issue 20 the suite does not exercise yet, each group with why; the inventory test accepts
 * exactly these besides `routes`. Until they move into `routes` (with their callers and fixtures:
 * an API key, a webhook endpoint with a delivery, an agent), their access, isolation and bad input
 * are proven by their own services' tests and by e2e/tests/public-api.spec.ts and developers.spec.ts.
 * @type {{ service: string, method: string, path: string, why: string }[]}
 */
export const unexercisedRoutes = [
  ...[
    ['POST', '/v1/tickets'],
    ['GET', '/v1/tickets'],
    ['GET', '/v1/tickets/:id'],
    ['GET', '/v1/agents'],
  ].map(([method, path]) => ({
    service: 'support',
    method,
    path,
    why: 'API-key routes: the suite has no API-key caller yet (and sqlmap would spend the key’s hourly limit)',
  })),
  ...[
    ['GET', '/v1/webhook_endpoints'],
    ['POST', '/v1/webhook_endpoints'],
    ['GET', '/v1/webhook_endpoints/:id'],
    ['POST', '/v1/webhook_endpoints/:id'],
    ['DELETE', '/v1/webhook_endpoints/:id'],
  ].map(([method, path]) => ({
    service: 'crm',
    method,
    path,
    why: 'API-key routes: the suite has no API-key caller yet (and sqlmap would spend the key’s hourly limit)',
  })),
  {
    service: 'identity',
    method: 'POST',
    path: '/internal/api-keys/exchange',
    why: 'the gateway’s key exchange, never routed from outside',
  },
  ...[
    ['GET', '/api/developers/keys'],
    ['POST', '/api/developers/keys'],
    ['POST', '/api/developers/keys/:id/roll'],
    ['DELETE', '/api/developers/keys/:id'],
  ].map(([method, path]) => ({
    service: 'identity',
    method,
    path,
    why: 'the Developers page’s keys: fixtures of a key to come',
  })),
  ...[
    ['GET', '/api/developers/webhooks'],
    ['POST', '/api/developers/webhooks'],
    ['PATCH', '/api/developers/webhooks/:id'],
    ['DELETE', '/api/developers/webhooks/:id'],
    ['POST', '/api/developers/webhooks/:id/test'],
    ['GET', '/api/developers/webhooks/:id/deliveries'],
    ['POST', '/api/developers/webhooks/:id/deliveries/:deliveryId/resend'],
    ['GET', '/api/developers/callbacks/secret'],
    ['POST', '/api/developers/callbacks/secret/roll'],
    ['GET', '/api/developers/callbacks/deliveries'],
    ['POST', '/api/developers/callbacks/deliveries/:deliveryId/resend'],
  ].map(([method, path]) => ({
    service: 'crm',
    method,
    path,
    why: 'the Developers page’s webhooks: fixtures of an endpoint (on a private address) to come',
  })),
];

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that take a body (every write route but DELETE, which takes none). */
export const bodyRoutes = /** @type {BodyRoute[]} */ (
  routes.filter((route) => route.example && route.fields)
);
export const writeRoutes = routes.filter((route) => writeMethods.has(route.method));
export const routeKey = (route) => `${route.method} ${route.path} (${route.service})`;

/** Nest's "Mapped {/path, METHOD} route" lines of each process of the stack's output. */
export function mappedRoutes(output) {
  const found = [];
  for (const match of output.matchAll(/^\[(\w+)\] .*Mapped \{([^,}]+), (\w+)\} route/gm)) {
    found.push({ service: match[1], path: match[2], method: match[3] });
  }
  return found;
}

/** The route's path with its `:params` filled from `ids` (e.g. { id, integrationId }). */
export function fillPath(route, ids) {
  return route.path.replace(/:(\w+)/g, (_, name) => {
    if (ids[name] === undefined) throw new Error(`no value for :${name} in ${route.path}`);
    return ids[name];
  });
}
