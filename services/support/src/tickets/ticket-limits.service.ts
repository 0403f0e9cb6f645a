import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tooManyTicketsMessage } from '@portal/contracts';
import { AttemptCounter, pruneAttemptsEvery } from '@portal/db';
import { minutesText, TooManyRequestsException } from '@portal/nest-http';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

type TicketAttemptKind = 'ticket:customer';

const WINDOW_SECONDS = 60 * 60;
const KEEP_SECONDS = 24 * 60 * 60;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How many tickets one customer may open per hour, counted in PostgreSQL (`ticket_attempts`) so every
 * support replica enforces the same number: one customer cannot bury everyone else's tickets in the
 * staff queue. Old counts are pruned every ten minutes.
 */
@Injectable()
export class TicketLimitsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TicketLimits');
  private readonly attempts: AttemptCounter<TicketAttemptKind>;
  private stopPruning?: () => void;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'ticketLimitPerHour'>,
  ) {
    this.attempts = new AttemptCounter(dataSource, 'ticket_attempts');
  }

  /** Counts a new ticket of the customer's; throws 429 once they have opened their share this hour. */
  async admitTicket(customerId: string): Promise<void> {
    const wait = await this.attempts.admit(
      { kind: 'ticket:customer', subject: customerId },
      { limit: this.config.ticketLimitPerHour, windowSeconds: WINDOW_SECONDS },
    );
    if (wait > 0) throw new TooManyRequestsException(tooManyTicketsMessage(minutesText(wait)), wait);
  }

  onApplicationBootstrap(): void {
    this.stopPruning = pruneAttemptsEvery(this.attempts, {
      keepSeconds: KEEP_SECONDS,
      everyMs: PRUNE_INTERVAL_MS,
      logger: this.logger,
    });
  }

  onApplicationShutdown(): void {
    this.stopPruning?.();
  }
}
