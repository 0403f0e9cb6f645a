import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SlaTarget, TicketPriority } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource } from 'typeorm';
import { writeSlaTargets } from './sla-targets';

const WARN_EVERY_MS = 30_000;
/** Tickets warned per transaction. */
const BATCH_SIZE = 200;

interface DueWarning {
  id: string;
  customer_id: string;
  organization_id: string | null;
  title: string;
  priority: TicketPriority;
  due_at: Date;
}

const targets: Record<SlaTarget, { warnAt: string; warnedAt: string; dueAt: string; unmet: string }> = {
  first_response: {
    warnAt: 'first_response_warn_at',
    warnedAt: 'first_response_warned_at',
    dueAt: 'first_response_due_at',
    unmet: 'first_response_at IS NULL',
  },
  resolution: {
    warnAt: 'resolution_warn_at',
    warnedAt: 'resolution_warned_at',
    dueAt: 'resolution_due_at',
    unmet: 'true',
  },
};

/**
 * The SLA clocks' warnings (ADR 0187): every 30 s, each ticket not resolved or closed whose target
 * (first response not yet given, or resolution) reached its warning time is marked warned and
 * `portal.tickets.breaching` is queued, in one transaction: once per target (a priority change that
 * moves a target's due time warns again). Rows are taken with SKIP LOCKED so replicas share the work.
 * At start it writes the SLA table into the database (see `writeSlaTargets`).
 */
@Injectable()
export class BreachWarningsService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('BreachWarnings');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    await writeSlaTargets(this.dataSource);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.warn().catch(() => undefined), WARN_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One pass, after any pass of this process still running; answers how many warnings it queued. */
  warn(now: Date = new Date()): Promise<number> {
    this.running = this.running
      .catch(() => 0)
      .then(() => this.warnDue(now))
      .catch((error: unknown) => {
        this.logger.warn(`SLA warnings failed: ${(error as Error).message}`);
        throw error;
      });
    return this.running;
  }

  private async warnDue(now: Date): Promise<number> {
    let warned = 0;
    for (const target of Object.keys(targets) as SlaTarget[]) {
      for (;;) {
        const batch = await this.warnBatch(target, now);
        warned += batch;
        if (batch < BATCH_SIZE) break;
      }
    }
    return warned;
  }

  private warnBatch(target: SlaTarget, now: Date): Promise<number> {
    const columns = targets[target];
    return this.dataSource.transaction(async (manager) => {
      const [rows]: [DueWarning[], number] = await manager.query(
        `UPDATE tickets SET ${columns.warnedAt} = $1
         WHERE id IN (
           SELECT id FROM tickets
           WHERE status NOT IN ('resolved', 'closed') AND ${columns.unmet}
             AND ${columns.warnedAt} IS NULL AND ${columns.warnAt} <= $1
           ORDER BY ${columns.warnAt}
           LIMIT ${BATCH_SIZE}
           FOR UPDATE SKIP LOCKED)
         RETURNING id, customer_id, organization_id, title, priority, ${columns.dueAt} AS due_at`,
        [now],
      );
      for (const row of rows) {
        await enqueueCatalogEvent(manager, 'ticketBreaching', {
          ticketId: row.id,
          customerId: row.customer_id,
          organizationId: row.organization_id,
          title: row.title,
          priority: row.priority,
          target,
          dueAt: new Date(row.due_at).toISOString(),
          warnedAt: now.toISOString(),
        });
      }
      return rows.length;
    });
  }
}
