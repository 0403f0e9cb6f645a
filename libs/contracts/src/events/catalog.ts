import { z } from 'zod';
import { moneySchema } from '../commerce/commerce';
import { orgRoleSchema, roleSchema } from '../identity/role-schemas';
import { metricTypeSchema } from '../kpi/metrics';
import { v1TicketSchema } from '../public-api/v1';
import { ticketPrioritySchema, ticketStatusSchema } from '../support/tickets';

/** Subjects are `portal.<entity>.<event>`; the stream `PORTAL` captures `portal.>`. */
export const SUBJECT_PREFIX = 'portal';

interface EventDefinition<S extends string, T extends string, D extends z.ZodType> {
  subject: S;
  type: T;
  version: number;
  data: D;
}

const defineEvent = <S extends string, T extends string, D extends z.ZodType>(
  definition: EventDefinition<S, T, D>,
) => definition;

// Payloads ---------------------------------------------------------------------------------------

export const organizationCreatedDataSchema = z.object({
  organizationId: z.uuid(),
  name: z.string(),
  planId: z.string(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
});
export type OrganizationCreatedData = z.infer<typeof organizationCreatedDataSchema>;

export const userRegisteredDataSchema = z.object({
  userId: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  email: z.email(),
  role: roleSchema,
  registeredAt: z.iso.datetime(),
});
export type UserRegisteredData = z.infer<typeof userRegisteredDataSchema>;

export const sessionRevokedDataSchema = z.object({
  sessionId: z.uuid(),
  userId: z.uuid(),
  revokedAt: z.iso.datetime(),
  /** When the session would have expired anyway: consumers may forget the revocation after it. */
  expiresAt: z.iso.datetime(),
});
export type SessionRevokedData = z.infer<typeof sessionRevokedDataSchema>;

/**
 * A membership was added, changed or ended (`role` null). `version` comes from one sequence for every
 * membership, so it only grows: tokens of (organizationId, userId) carrying a lower `mv` are refused
 * from now on (ADR 0181). The first membership of a user whose rows predate organizations
 * (`claimsLegacyData`) also moves those rows to the organization in every service.
 */
export const membershipChangedDataSchema = z.object({
  organizationId: z.uuid(),
  userId: z.uuid(),
  role: orgRoleSchema.nullable(),
  version: z.number().int().positive(),
  claimsLegacyData: z.boolean(),
  changedAt: z.iso.datetime(),
});
export type MembershipChangedData = z.infer<typeof membershipChangedDataSchema>;

export const leadCreatedDataSchema = z.object({
  submissionId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type LeadCreatedData = z.infer<typeof leadCreatedDataSchema>;

const orderLineDataSchema = z.object({
  packageId: z.uuid(),
  name: z.string(),
  quantity: z.number().int().positive(),
  price: moneySchema,
});

export const orderCreatedDataSchema = z.object({
  orderId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  total: moneySchema,
  currency: z.literal('usd'),
  items: z.array(orderLineDataSchema).min(1),
  createdAt: z.iso.datetime(),
});
export type OrderCreatedData = z.infer<typeof orderCreatedDataSchema>;

export const orderPaidDataSchema = z.object({
  orderId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  total: moneySchema,
  paymentIntentId: z.string(),
  paidAt: z.iso.datetime(),
});
export type OrderPaidData = z.infer<typeof orderPaidDataSchema>;

export const orderFailedDataSchema = z.object({
  orderId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  paymentIntentId: z.string(),
  /** Stripe's last payment error message, when it gave one. */
  reason: z.string().nullable(),
  failedAt: z.iso.datetime(),
});
export type OrderFailedData = z.infer<typeof orderFailedDataSchema>;

export const orderCanceledDataSchema = z.object({
  orderId: z.uuid(),
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  /** The PaymentIntent canceled with it, when the order had one. */
  paymentIntentId: z.string().nullable(),
  /** `payment_window_expired`: not paid in time; `payment_intent_canceled`: canceled at Stripe. */
  reason: z.enum(['payment_window_expired', 'payment_intent_canceled']),
  canceledAt: z.iso.datetime(),
});
export type OrderCanceledData = z.infer<typeof orderCanceledDataSchema>;

/**
 * Staff refunded all or part of a paid order through Stripe (`refundId` is Stripe's `re_…`), once
 * Stripe confirmed it. `totalRefunded` is everything refunded on the order so far.
 */
export const orderRefundedDataSchema = z.object({
  orderId: z.uuid(),
  userId: z.uuid().nullable(),
  organizationId: z.uuid().nullable(),
  refundId: z.string(),
  amount: moneySchema,
  totalRefunded: moneySchema,
  fullyRefunded: z.boolean(),
  refundedAt: z.iso.datetime(),
});
export type OrderRefundedData = z.infer<typeof orderRefundedDataSchema>;

/** Who a customer's activity belongs to: the customer (user id) and their organisation. */
const customerActivity = {
  integrationId: z.uuid(),
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
  occurredAt: z.iso.datetime(),
};

/** A connected dialer reported a finished call (inbound `call.completed`, signature verified). */
export const callCompletedDataSchema = z.object({
  ...customerActivity,
  callId: z.string(),
  durationSeconds: z.number().int().min(0),
  resolution: z.string().nullable(),
  agentId: z.string().nullable(),
});
export type CallCompletedData = z.infer<typeof callCompletedDataSchema>;

/**
 * A connected CRM reported a lead of the customer's (inbound `lead.created`) or its conversion
 * (`lead.converted`). Not `portal.leads.created`: that subject carries the contact form's leads.
 */
export const customerLeadDataSchema = z.object({
  ...customerActivity,
  leadId: z.string(),
  source: z.string().nullable(),
});
export type CustomerLeadData = z.infer<typeof customerLeadDataSchema>;

export const ticketCreatedDataSchema = z.object({
  ticketId: z.uuid(),
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
  title: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: z.iso.datetime(),
  /** Opened through the public API: the caller's own `customer_id`, and its `callback_url`. */
  customerReference: z.string().nullable().optional(),
  callbackUrl: z.string().nullable().optional(),
});
export type TicketCreatedData = z.infer<typeof ticketCreatedDataSchema>;

/** Which side of a ticket's conversation acted: the customer's organization or the company's staff. */
export const ticketSideSchema = z.enum(['customer', 'staff']);
export type TicketSide = z.infer<typeof ticketSideSchema>;

/** The ticket an event is about: who opened it, in which organization, and its title (for mails). */
const ticketActivity = {
  ticketId: z.uuid(),
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
  title: z.string(),
};

/**
 * On a change of a ticket opened through the public API with a `callback_url`: the ticket after the
 * change as `GET /v1/tickets/{id}` shows it (crm posts it to that URL, ADR 0206). Absent otherwise,
 * and on events queued before it was carried.
 */
const apiTicket = v1TicketSchema.optional();

/**
 * A message was added to a ticket's conversation by the customer's side or by staff. Internal notes
 * (staff only) are not replies and raise no event. `status` is the ticket's status after the reply
 * (a customer's reply to a closed ticket reopens it: ADR of issue 19).
 */
export const ticketRepliedDataSchema = z.object({
  ...ticketActivity,
  messageId: z.uuid(),
  author: ticketSideSchema,
  authorId: z.uuid(),
  status: ticketStatusSchema,
  repliedAt: z.iso.datetime(),
  apiTicket,
});
export type TicketRepliedData = z.infer<typeof ticketRepliedDataSchema>;

export const ticketClosedDataSchema = z.object({
  ...ticketActivity,
  by: ticketSideSchema,
  closedAt: z.iso.datetime(),
  apiTicket,
});
export type TicketClosedData = z.infer<typeof ticketClosedDataSchema>;

/**
 * `status` is the ticket's status once reopened: `open`, or `in_progress` when staff move a closed
 * ticket straight on. Events queued before it was carried have none, and mean `open`.
 */
export const ticketReopenedDataSchema = z.object({
  ...ticketActivity,
  by: ticketSideSchema,
  status: ticketStatusSchema.default('open'),
  reopenedAt: z.iso.datetime(),
  apiTicket,
});
export type TicketReopenedData = z.infer<typeof ticketReopenedDataSchema>;

/** Staff changed a ticket's status, priority or assignee (closing and reopening have events of their own). */
export const ticketUpdatedDataSchema = z.object({
  ...ticketActivity,
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  assigneeId: z.uuid().nullable(),
  /** What changed: the customer is mailed on a status change only. */
  changed: z.array(z.enum(['status', 'priority', 'assignee'])).min(1),
  updatedAt: z.iso.datetime(),
  apiTicket,
});
export type TicketUpdatedData = z.infer<typeof ticketUpdatedDataSchema>;

/** A ticket is about to miss its SLA target (first response or resolution): staff are warned once per target. */
export const ticketBreachingDataSchema = z.object({
  ...ticketActivity,
  priority: ticketPrioritySchema,
  target: z.enum(['first_response', 'resolution']),
  dueAt: z.iso.datetime(),
  warnedAt: z.iso.datetime(),
});
export type TicketBreachingData = z.infer<typeof ticketBreachingDataSchema>;

/** kpi counted a metric for a customer; the gateway streams it to that customer's open dashboard. */
export const metricRecordedDataSchema = z.object({
  metricId: z.uuid(),
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
  metricType: metricTypeSchema,
  occurredAt: z.iso.datetime(),
});
export type MetricRecordedData = z.infer<typeof metricRecordedDataSchema>;

/**
 * The account was deleted (settings → 'Delete my account'): every service erases or anonymises what it
 * holds of `userId`; orders are kept for accounting with the person's details removed.
 * `organizationDeleted` is true when the account was its organisation's last member.
 */
export const userDeletedDataSchema = z.object({
  userId: z.uuid(),
  organizationId: z.uuid().nullable(),
  organizationDeleted: z.boolean(),
  deletedAt: z.iso.datetime(),
});
export type UserDeletedData = z.infer<typeof userDeletedDataSchema>;

const mailLink = z.url({ protocol: /^https?$/ });
const mailName = z.string().max(200);

/**
 * The transactional mails, one entry per template with the values it is filled in with. A service
 * asks for a mail by enqueuing `portal.mail.requested` in the transaction that made it necessary;
 * crm's mailer renders and sends it (retries, then a dead letter), so SMTP never slows a request.
 */
export const mailContentSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('email-verification'), name: mailName, link: mailLink }),
  z.object({ template: z.literal('password-reset'), name: mailName, link: mailLink }),
  z.object({
    template: z.literal('email-change-confirmation'),
    name: mailName,
    link: mailLink,
    newEmail: z.email(),
  }),
  z.object({ template: z.literal('email-change-notice'), name: mailName, newEmail: z.email() }),
  z.object({ template: z.literal('password-changed'), name: mailName }),
  z.object({ template: z.literal('two-factor-enabled'), name: mailName }),
  z.object({ template: z.literal('two-factor-disabled'), name: mailName }),
  z.object({ template: z.literal('account-deleted'), name: mailName }),
  z.object({
    template: z.literal('team-invitation'),
    organizationName: mailName,
    invitedBy: mailName,
    role: mailName,
    link: mailLink,
    expiresAt: z.iso.datetime(),
  }),
  z.object({
    template: z.literal('team-role-changed'),
    name: mailName,
    organizationName: mailName,
    role: mailName,
  }),
  z.object({ template: z.literal('team-removed'), name: mailName, organizationName: mailName }),
  // Ticket emails (issue 19), each linking to the ticket; the customer's two unless they turned them off.
  z.object({
    template: z.literal('ticket-staff-reply'),
    name: mailName,
    ticketTitle: mailName,
    link: mailLink,
  }),
  z.object({
    template: z.literal('ticket-status-changed'),
    name: mailName,
    ticketTitle: mailName,
    status: ticketStatusSchema,
    link: mailLink,
  }),
  z.object({
    template: z.literal('ticket-created-staff'),
    name: mailName,
    ticketTitle: mailName,
    priority: ticketPrioritySchema,
    /** The customer's organization; null for a ticket opened outside any. */
    organizationName: mailName.nullable(),
    link: mailLink,
  }),
  z.object({
    template: z.literal('ticket-breach-warning'),
    name: mailName,
    ticketTitle: mailName,
    priority: ticketPrioritySchema,
    target: z.enum(['first_response', 'resolution']),
    dueAt: z.iso.datetime(),
    link: mailLink,
  }),
  // The company's own booking (issue 24): the invitation, its change or its cancellation, with an .ics
  // (`uid` stays, `sequence` grows) to the visitor and to the staff inbox, each with the manage link.
  z.object({
    template: z.literal('call-booking'),
    /** Whom it greets: the visitor's name, or '' for the staff inbox. */
    name: mailName,
    audience: z.enum(['visitor', 'staff']),
    change: z.enum(['booked', 'rescheduled', 'cancelled']),
    uid: z.string().min(1).max(255),
    sequence: z.number().int().min(0),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** Where a rescheduled call was before. */
    previousStartsAt: z.iso.datetime().nullable(),
    stampedAt: z.iso.datetime(),
    organizer: z.object({ name: mailName, email: z.email() }),
    attendee: z.object({ name: mailName, email: z.email() }),
    company: mailName.nullable(),
    phone: z.string().max(40).nullable(),
    note: z.string().max(2000).nullable(),
    link: mailLink,
  }),
  // The status page (ADR 0235): the double opt-in of a subscriber, then each incident opened, updated or
  // resolved, with the page's link and the subscriber's unsubscribe link.
  z.object({ template: z.literal('status-subscription-confirmation'), link: mailLink }),
  z.object({
    template: z.literal('status-incident'),
    change: z.enum(['opened', 'updated', 'resolved']),
    incidentTitle: mailName,
    status: z.enum(['investigating', 'identified', 'monitoring', 'resolved']),
    impact: z.enum(['degraded', 'outage']),
    services: z.array(mailName).max(10),
    message: z.string().max(2000),
    link: mailLink,
    unsubscribeLink: mailLink,
  }),
  // Outbound webhooks (issue 20): an endpoint gave up a delivery after the retry window; its owners are told once.
  z.object({
    template: z.literal('webhook-endpoint-failing'),
    name: mailName,
    organizationName: mailName,
    endpointUrl: z.string().max(2000),
    link: mailLink,
  }),
]);
export type MailContent = z.infer<typeof mailContentSchema>;
export type MailTemplate = MailContent['template'];

export const mailRequestedDataSchema = z.object({
  /** The mail's own id: the mailer sends each id once, whatever the redeliveries. */
  mailId: z.uuid(),
  to: z.email(),
  content: mailContentSchema,
  requestedAt: z.iso.datetime(),
});
export type MailRequestedData = z.infer<typeof mailRequestedDataSchema>;

/**
 * An API key was revoked, or rolled (it now ends at `expiresAt`): the gateway forgets what it knew
 * of it, so the next request with it asks identity again.
 */
export const apiKeyChangedDataSchema = z.object({
  keyId: z.uuid(),
  organizationId: z.uuid(),
  revokedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type ApiKeyChangedData = z.infer<typeof apiKeyChangedDataSchema>;

/**
 * crm gave up a webhook delivery after its retry window and the endpoint went from `active` to
 * `failing` (once per such change, not per delivery): the organization's owners are to be mailed.
 */
export const webhookEndpointFailingDataSchema = z.object({
  endpointId: z.uuid(),
  organizationId: z.uuid(),
  url: z.string(),
  failingSince: z.iso.datetime(),
  /** The last attempt's outcome (`HTTP 500`, `Timed out after 10 s`). */
  lastError: z.string().nullable(),
});
export type WebhookEndpointFailingData = z.infer<typeof webhookEndpointFailingDataSchema>;

/**
 * The gateway's sample of the customer-facing services (ADR 0235), about every 30 s from each gateway
 * process: support keeps one row per service and minute (the worst state seen), so replicas and
 * redeliveries do not count twice. Published straight to JetStream (no outbox: a sample that cannot
 * be sent is a minute with no data, which is what it is).
 */
export const statusSampledDataSchema = z.object({
  sampledAt: z.iso.datetime(),
  services: z.array(
    z.object({
      service: z.enum(['website', 'customer-portal', 'api', 'integrations-ingest', 'live-metrics']),
      state: z.enum(['operational', 'degraded', 'outage']),
    }),
  ),
});
export type StatusSampledData = z.infer<typeof statusSampledDataSchema>;

/**
 * A row of commerce's `packages` was inserted, changed or deleted, by the app or by an operator's SQL:
 * a trigger on the table writes the event in the change's transaction, once per transaction (ADR 0217).
 * It says only that the catalog changed (the envelope's `occurredAt` says when): whoever keeps a copy
 * of `GET /api/packages` (the gateway) drops it and reads the catalog again.
 */
export const catalogChangedDataSchema = z.object({});
export type CatalogChangedData = z.infer<typeof catalogChangedDataSchema>;

// Catalog: to add an event, add its payload schema above and one entry here. --------------------

export const events = {
  organizationCreated: defineEvent({
    subject: 'portal.organizations.created',
    type: 'organization.created',
    version: 1,
    data: organizationCreatedDataSchema,
  }),
  userRegistered: defineEvent({
    subject: 'portal.users.registered',
    type: 'user.registered',
    version: 1,
    data: userRegisteredDataSchema,
  }),
  sessionRevoked: defineEvent({
    subject: 'portal.sessions.revoked',
    type: 'session.revoked',
    version: 1,
    data: sessionRevokedDataSchema,
  }),
  membershipChanged: defineEvent({
    subject: 'portal.memberships.changed',
    type: 'membership.changed',
    version: 1,
    data: membershipChangedDataSchema,
  }),
  leadCreated: defineEvent({
    subject: 'portal.leads.created',
    type: 'lead.created',
    version: 1,
    data: leadCreatedDataSchema,
  }),
  orderCreated: defineEvent({
    subject: 'portal.orders.created',
    type: 'order.created',
    version: 1,
    data: orderCreatedDataSchema,
  }),
  orderPaid: defineEvent({
    subject: 'portal.orders.paid',
    type: 'order.paid',
    version: 1,
    data: orderPaidDataSchema,
  }),
  orderFailed: defineEvent({
    subject: 'portal.orders.failed',
    type: 'order.failed',
    version: 1,
    data: orderFailedDataSchema,
  }),
  orderCanceled: defineEvent({
    subject: 'portal.orders.canceled',
    type: 'order.canceled',
    version: 1,
    data: orderCanceledDataSchema,
  }),
  orderRefunded: defineEvent({
    subject: 'portal.orders.refunded',
    type: 'order.refunded',
    version: 1,
    data: orderRefundedDataSchema,
  }),
  callCompleted: defineEvent({
    subject: 'portal.calls.completed',
    type: 'call.completed',
    version: 1,
    data: callCompletedDataSchema,
  }),
  leadGenerated: defineEvent({
    subject: 'portal.leads.generated',
    type: 'lead.generated',
    version: 1,
    data: customerLeadDataSchema,
  }),
  leadConverted: defineEvent({
    subject: 'portal.leads.converted',
    type: 'lead.converted',
    version: 1,
    data: customerLeadDataSchema,
  }),
  ticketCreated: defineEvent({
    subject: 'portal.tickets.created',
    type: 'ticket.created',
    version: 1,
    data: ticketCreatedDataSchema,
  }),
  ticketReplied: defineEvent({
    subject: 'portal.tickets.replied',
    type: 'ticket.replied',
    version: 1,
    data: ticketRepliedDataSchema,
  }),
  ticketClosed: defineEvent({
    subject: 'portal.tickets.closed',
    type: 'ticket.closed',
    version: 1,
    data: ticketClosedDataSchema,
  }),
  ticketReopened: defineEvent({
    subject: 'portal.tickets.reopened',
    type: 'ticket.reopened',
    version: 1,
    data: ticketReopenedDataSchema,
  }),
  ticketUpdated: defineEvent({
    subject: 'portal.tickets.updated',
    type: 'ticket.updated',
    version: 1,
    data: ticketUpdatedDataSchema,
  }),
  ticketBreaching: defineEvent({
    subject: 'portal.tickets.breaching',
    type: 'ticket.breaching',
    version: 1,
    data: ticketBreachingDataSchema,
  }),
  metricRecorded: defineEvent({
    subject: 'portal.metrics.recorded',
    type: 'metric.recorded',
    version: 1,
    data: metricRecordedDataSchema,
  }),
  userDeleted: defineEvent({
    subject: 'portal.users.deleted',
    type: 'user.deleted',
    version: 1,
    data: userDeletedDataSchema,
  }),
  apiKeyChanged: defineEvent({
    subject: 'portal.apikeys.changed',
    type: 'apikey.changed',
    version: 1,
    data: apiKeyChangedDataSchema,
  }),
  webhookEndpointFailing: defineEvent({
    subject: 'portal.webhooks.failing',
    type: 'webhook.endpoint_failing',
    version: 1,
    data: webhookEndpointFailingDataSchema,
  }),
  catalogChanged: defineEvent({
    subject: 'portal.catalog.changed',
    type: 'catalog.changed',
    version: 1,
    data: catalogChangedDataSchema,
  }),
  mailRequested: defineEvent({
    subject: 'portal.mail.requested',
    type: 'mail.requested',
    version: 1,
    data: mailRequestedDataSchema,
  }),
  statusSampled: defineEvent({
    subject: 'portal.status.sampled',
    type: 'status.sampled',
    version: 1,
    data: statusSampledDataSchema,
  }),
};

type Events = typeof events;
export type EventName = keyof Events;
export type EventSubject = Events[EventName]['subject'];
export type EventType = Events[EventName]['type'];
export type EventData<N extends EventName> = z.infer<Events[N]['data']>;

export const subjects = Object.fromEntries(
  Object.entries(events).map(([name, definition]) => [name, definition.subject]),
) as { [N in EventName]: Events[N]['subject'] };

export const eventTypes = Object.fromEntries(
  Object.entries(events).map(([name, definition]) => [name, definition.type]),
) as { [N in EventName]: Events[N]['type'] };

const byType = new Map<string, Events[EventName]>(Object.values(events).map((e) => [e.type, e]));

/** The catalog entry for an envelope `type`, or undefined for a type this build does not know. */
export function findEventDefinition(type: string): Events[EventName] | undefined {
  return byType.get(type);
}
