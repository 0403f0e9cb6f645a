import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tooManyTicketsMessage } from '@portal/contracts';
import { AttemptLimits } from '@portal/db';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

const WINDOW_SECONDS = 60 * 60;

/**
 * How many tickets one organization's members may open together per hour, counted in PostgreSQL
 * (`ticket_attempts`) so every support replica enforces the same number: one customer organization,
 * however many members it has, cannot bury everyone else's tickets in the staff queue (ADR 0184).
 */
@Injectable()
export class TicketLimitsService extends AttemptLimits<'ticket:organization'> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'ticketLimitPerHour'>,
  ) {
    super(dataSource, 'ticket_attempts', new Logger('TicketLimits'));
  }

  /** Counts a new ticket of the organization's; throws 429 once its members have opened its share this hour. */
  admitTicket(organizationId: string): Promise<void> {
    return this.admit(
      { kind: 'ticket:organization', subject: organizationId },
      { limit: this.config.ticketLimitPerHour, windowSeconds: WINDOW_SECONDS },
      tooManyTicketsMessage,
    );
  }
}
