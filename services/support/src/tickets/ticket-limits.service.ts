import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tooManyTicketsMessage } from '@portal/contracts';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

const WINDOW_SECONDS = 60 * 60;

/**
 * How many tickets one customer may open per hour, counted in PostgreSQL (`ticket_attempts`) so every
 * support replica enforces the same number: one customer cannot bury everyone else's tickets in the
 * staff queue.
 */
@Injectable()
export class TicketLimitsService extends AttemptLimits<'ticket:customer'> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'ticketLimitPerHour'>,
  ) {
    super(dataSource, 'ticket_attempts', new Logger('TicketLimits'));
  }

  /** Counts a new ticket of the customer's; throws 429 once they have opened their share this hour. */
  admitTicket(customerId: string): Promise<void> {
    return this.admit(
      { kind: 'ticket:customer', subject: customerId },
      { limit: this.config.ticketLimitPerHour, windowSeconds: WINDOW_SECONDS },
      tooManyTicketsMessage,
    );
  }
}
