import { Inject, Injectable } from '@nestjs/common';
import {
  type MailContent,
  type TicketBreachingData,
  type TicketClosedData,
  type TicketCreatedData,
  ticketPages,
  type TicketRepliedData,
  type TicketReopenedData,
  type TicketStatus,
  type TicketUpdatedData,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../users/users.service';

/** The staff roles that handle tickets, mailed on a new ticket and on a breach warning (ADR 0193). */
export const TICKET_STAFF_ROLES = ['admin', 'super_admin'] as const;

/**
 * An event older than this mails nobody: a consumer created on a stream with history (a first deploy)
 * would otherwise mail about tickets long answered.
 */
export const TICKET_MAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type TicketRef = Pick<TicketRepliedData, 'ticketId' | 'customerId' | 'organizationId' | 'title'>;

/**
 * Ticket emails (ADR 0193), asked for with `portal.mail.requested` in the transaction that records the
 * ticket event as processed, so each event mails once. The customer hears of staff's replies and of
 * status changes staff made; staff hear of new tickets and breach warnings. Nobody who turned ticket
 * emails off is mailed, and a customer who has left the ticket's organization is not either.
 */
@Injectable()
export class TicketMails {
  constructor(
    private readonly links: AccountLinksService,
    private readonly users: UsersService,
    private readonly organizations: OrganizationsService,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {}

  async replied(manager: EntityManager, data: TicketRepliedData, occurredAt: string): Promise<void> {
    if (data.author !== 'staff' || isStale(occurredAt)) return;
    await this.toCustomer(manager, data, (name, link) => ({
      template: 'ticket-staff-reply',
      name,
      ticketTitle: data.title,
      link,
    }));
  }

  async updated(manager: EntityManager, data: TicketUpdatedData, occurredAt: string): Promise<void> {
    if (!data.changed.includes('status') || isStale(occurredAt)) return;
    await this.statusChanged(manager, data, data.status);
  }

  async closed(manager: EntityManager, data: TicketClosedData, occurredAt: string): Promise<void> {
    if (data.by !== 'staff' || isStale(occurredAt)) return;
    await this.statusChanged(manager, data, 'closed');
  }

  async reopened(manager: EntityManager, data: TicketReopenedData, occurredAt: string): Promise<void> {
    if (data.by !== 'staff' || isStale(occurredAt)) return;
    await this.statusChanged(manager, data, data.status);
  }

  async created(manager: EntityManager, data: TicketCreatedData, occurredAt: string): Promise<void> {
    if (isStale(occurredAt) || !(await this.isOurCustomer(data.customerId))) return;
    const organizationName = data.organizationId
      ? await this.organizations.nameOf(data.organizationId)
      : null;
    await this.toStaff(manager, (name) => ({
      template: 'ticket-created-staff',
      name,
      ticketTitle: data.title,
      priority: data.priority,
      organizationName,
      link: this.staffLink(data.ticketId),
    }));
  }

  async breaching(manager: EntityManager, data: TicketBreachingData, occurredAt: string): Promise<void> {
    if (isStale(occurredAt) || !(await this.isOurCustomer(data.customerId))) return;
    await this.toStaff(manager, (name) => ({
      template: 'ticket-breach-warning',
      name,
      ticketTitle: data.title,
      priority: data.priority,
      target: data.target,
      dueAt: data.dueAt,
      link: this.staffLink(data.ticketId),
    }));
  }

  private statusChanged(manager: EntityManager, ticket: TicketRef, status: TicketStatus): Promise<void> {
    return this.toCustomer(manager, ticket, (name, link) => ({
      template: 'ticket-status-changed',
      name,
      ticketTitle: ticket.title,
      status,
      link,
    }));
  }

  /** Mails the customer who opened the ticket, when they want ticket emails and still belong to its organization. */
  private async toCustomer(
    manager: EntityManager,
    ticket: TicketRef,
    content: (name: string, link: string) => MailContent,
  ): Promise<void> {
    const customer = await this.users.ticketMailCustomer(manager, ticket.customerId, ticket.organizationId);
    if (!customer) return;
    const link = `${this.config.auth.publicSiteUrl}${ticketPages.customer(ticket.ticketId)}`;
    await this.links.requestMail(manager, customer.email, content(customer.name, link));
  }

  /** Mails every member of staff who handles tickets and wants ticket emails. */
  private async toStaff(manager: EntityManager, content: (name: string) => MailContent): Promise<void> {
    for (const staff of await this.users.ticketMailStaff(manager, TICKET_STAFF_ROLES)) {
      await this.links.requestMail(manager, staff.email, content(staff.name));
    }
  }

  /**
   * Whether the ticket's customer is an account of this install: staff are not mailed about a ticket of
   * an account deleted since, nor about another install's tickets on a NATS several stacks share.
   */
  private async isOurCustomer(customerId: string): Promise<boolean> {
    return (await this.users.findById(customerId)) !== null;
  }

  private staffLink(ticketId: string): string {
    return `${this.config.auth.publicSiteUrl}${ticketPages.staff(ticketId)}`;
  }
}

function isStale(occurredAt: string): boolean {
  return Date.now() - Date.parse(occurredAt) > TICKET_MAIL_MAX_AGE_MS;
}
