import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  type CustomerTicketEvent,
  eventEnvelopeSchema,
  eventTypes,
  type StaffTicketEvent,
  ticketBreachingDataSchema,
  ticketClosedDataSchema,
  ticketCreatedDataSchema,
  ticketRepliedDataSchema,
  ticketReopenedDataSchema,
  ticketUpdatedDataSchema,
} from '@portal/contracts';
import type { StreamListener } from '../live-streams/event-stream';
import { FeedAudience } from '../live-streams/feed-audience';
import { SubjectFollower } from '../live-streams/subject-follower';

export interface LiveTicketsOptions {
  /** Unset: streams open and stay quiet (support's events travel over NATS only). */
  natsUrl?: string;
  /** The subjects of support's ticket events (`portal.tickets.*`); tests use a subject space of their own. */
  subjects: string;
}

export const LIVE_TICKETS_OPTIONS = Symbol('LIVE_TICKETS_OPTIONS');

/** A ticket change as both streams see it: the staff event, and the customer's when customers may see it. */
export interface TicketChange {
  staff: StaffTicketEvent;
  /** The organization whose members' streams get `customer`; none for a change customers do not see. */
  organizationId: string | null;
  customer: CustomerTicketEvent | null;
}

/**
 * The staff and customer events of a catalog ticket event (its envelope `type` and `data`), or null
 * when it is not one. Customers get replies, closing, reopening, and status or priority changes of
 * their organization's tickets, never who it was assigned to; staff get everything, new tickets and
 * SLA warnings included. Throws on data that is not the event's schema.
 */
export function ticketChangeOf(type: string, data: unknown): TicketChange | null {
  const forCustomer = (
    organizationId: string | null,
    event: CustomerTicketEvent,
  ): Pick<TicketChange, 'organizationId' | 'customer'> =>
    organizationId ? { organizationId, customer: event } : { organizationId: null, customer: null };
  const common = (event: { ticketId: string; organizationId: string | null; title: string }) => ({
    ticketId: event.ticketId,
    organizationId: event.organizationId,
    title: event.title,
  });

  switch (type) {
    case eventTypes.ticketCreated: {
      const event = ticketCreatedDataSchema.parse(data);
      return {
        staff: {
          ...common(event),
          change: 'created',
          by: 'customer',
          status: event.status,
          priority: event.priority,
          at: event.createdAt,
        },
        organizationId: null,
        customer: null,
      };
    }
    case eventTypes.ticketReplied: {
      const event = ticketRepliedDataSchema.parse(data);
      const change = {
        ticketId: event.ticketId,
        change: 'replied',
        by: event.author,
        status: event.status,
        messageId: event.messageId,
        at: event.repliedAt,
      } as const;
      return {
        staff: { ...change, ...common(event), priority: null },
        ...forCustomer(event.organizationId, change),
      };
    }
    case eventTypes.ticketClosed: {
      const event = ticketClosedDataSchema.parse(data);
      const change = {
        ticketId: event.ticketId,
        change: 'closed',
        by: event.by,
        status: 'closed',
        at: event.closedAt,
      } as const;
      return {
        staff: { ...change, ...common(event), priority: null },
        ...forCustomer(event.organizationId, change),
      };
    }
    case eventTypes.ticketReopened: {
      const event = ticketReopenedDataSchema.parse(data);
      const change = {
        ticketId: event.ticketId,
        change: 'reopened',
        by: event.by,
        status: event.status,
        at: event.reopenedAt,
      } as const;
      return {
        staff: { ...change, ...common(event), priority: null },
        ...forCustomer(event.organizationId, change),
      };
    }
    case eventTypes.ticketUpdated: {
      const event = ticketUpdatedDataSchema.parse(data);
      const staff: StaffTicketEvent = {
        ...common(event),
        change: 'updated',
        by: 'staff',
        status: event.status,
        priority: event.priority,
        at: event.updatedAt,
      };
      // An assignment alone is staff business.
      const seen = event.changed.some((what) => what === 'status' || what === 'priority');
      return {
        staff,
        ...(seen
          ? forCustomer(event.organizationId, {
              ticketId: event.ticketId,
              change: 'updated',
              by: 'staff',
              status: event.status,
              at: event.updatedAt,
            })
          : { organizationId: null, customer: null }),
      };
    }
    case eventTypes.ticketBreaching: {
      const event = ticketBreachingDataSchema.parse(data);
      return {
        staff: {
          ...common(event),
          change: 'breaching',
          by: 'staff',
          status: null,
          priority: event.priority,
          at: event.warnedAt,
        },
        organizationId: null,
        customer: null,
      };
    }
    default:
      return null;
  }
}

/**
 * The gateway's one subscription to support's ticket events (`portal.tickets.*`), fanned out to the
 * open staff streams (every change) and to the open streams of the members of the ticket's
 * organization (what customers may see of it). A plain NATS subscription, as for the live metrics:
 * a page reads the ticket again from support on each event and when it (re)connects.
 */
@Injectable()
export class TicketFeed implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('TicketFeed');
  /** A customer's stream is scoped to one ticket (its id), or to every ticket of the organization (null). */
  private readonly audience = new FeedAudience<CustomerTicketEvent, StaffTicketEvent, string | null>();
  private follower?: SubjectFollower;

  constructor(@Inject(LIVE_TICKETS_OPTIONS) private readonly options: LiveTicketsOptions) {}

  onApplicationBootstrap(): void {
    const { natsUrl, subjects } = this.options;
    if (!natsUrl) return;
    this.follower = new SubjectFollower(
      { natsUrl, name: 'gateway-live-tickets', subject: subjects, logger: this.logger },
      (text) => this.deliver(text),
    );
  }

  beforeApplicationShutdown(): void {
    this.audience.endAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
  }

  /** Sends the organization's ticket changes (one ticket's, with `ticketId`) until the answer is called. */
  subscribeCustomer(
    organizationId: string,
    ticketId: string | null,
    listener: StreamListener<CustomerTicketEvent>,
  ): () => void {
    return this.audience.addCustomer(organizationId, ticketId, listener);
  }

  /** Sends every ticket change to a staff stream until the answer is called. */
  subscribeStaff(listener: StreamListener<StaffTicketEvent>): () => void {
    return this.audience.addStaff(listener);
  }

  /** Open streams (staff and customers'), for tests and logs. */
  openStreams(): number {
    return this.audience.count();
  }

  private deliver(text: string): void {
    let change: TicketChange | null;
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(text));
      change = ticketChangeOf(envelope.type, envelope.data);
    } catch (error) {
      this.logger.warn(`dropped a malformed ticket event: ${(error as Error).message}`);
      return;
    }
    if (!change) return;
    this.audience.sendToStaff(change.staff);
    const { customer, organizationId } = change;
    if (!customer || !organizationId) return;
    this.audience.sendToOrganization(
      organizationId,
      customer,
      (ticketId) => ticketId === null || ticketId === customer.ticketId,
    );
  }
}
