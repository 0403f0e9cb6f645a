import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/auth';
import type { Ticket } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { toTicketView } from '../tickets/ticket-view';
import { TicketsService } from '../tickets/tickets.service';

/** What support holds about one account: its tickets (the ticket limit's counts are not kept past the hour). */
export interface SupportAccountData {
  tickets: Ticket[];
}

/** "Export my data" and "Delete my account" for support: the account's tickets, by its user id. */
@Injectable()
export class AccountDataService {
  constructor(private readonly tickets: TicketsService) {}

  async export(user: Pick<AuthenticatedUser, 'id'>): Promise<SupportAccountData> {
    return { tickets: (await this.tickets.listForCustomer(user.id)).map(toTicketView) };
  }

  /** Erases the user's tickets and their ticket-limit counts; nothing to do the second time. */
  async erase(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('DELETE FROM tickets WHERE customer_id = $1', [userId]);
    await manager.query(`DELETE FROM ticket_attempts WHERE kind = 'ticket:customer' AND subject = $1`, [userId]);
  }
}
