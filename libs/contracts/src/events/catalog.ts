import { z } from 'zod';
import { moneySchema } from '../commerce/commerce';
import { roleSchema } from '../identity/roles';

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
