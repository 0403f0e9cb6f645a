import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/auth';
import type { Ticket, UserDeletedData } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { toTicketView } from '../tickets/ticket-view';
import { TicketsService } from '../tickets/tickets.service';

/**
 * What support holds about one account: its tickets. (The hourly ticket limit's counts, a user id and
 * a time each, are pruned within a day.)
 */
export interface SupportAccountData {
  tickets: Ticket[];
}

/**
 * "Export my data" and "Delete my account" for support: the tickets the account opened, by its user
 * id, in any organization; on deletion, see `TicketsService.eraseForDeletedAccount`.
 */
@Injectable()
export class AccountDataService {
  constructor(private readonly tickets: TicketsService) {}

  async export(user: Pick<AuthenticatedUser, 'id'>): Promise<SupportAccountData> {
    return { tickets: (await this.tickets.listForCustomer(user.id)).map(toTicketView) };
  }

  erase(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    return this.tickets.eraseForDeletedAccount(manager, deleted);
  }
}
