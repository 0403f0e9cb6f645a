import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { tooManyTicketsMessage } from '@portal/contracts';
import { AttemptCounter } from '@portal/db';
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
  private timer: NodeJS.Timeout | undefined;

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
    this.timer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async prune(): Promise<void> {
    try {
      const deleted = await this.attempts.prune(KEEP_SECONDS);
      if (deleted > 0) this.logger.log(`pruned ${deleted} old attempts`);
    } catch (error) {
      this.logger.warn(`pruning failed: ${(error as Error).message}`);
    }
  }
}
