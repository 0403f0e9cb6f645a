import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type StatusSampledData, STATUS_HISTORY_DAYS } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { DayCount } from './uptime';

const MINUTE_MS = 60_000;
const PRUNE_EVERY_MS = 60 * MINUTE_MS;

/**
 * The gateway's samples of the customer-facing services (ADR 0235), kept as one row per service and
 * UTC minute with the worst state seen in it: every gateway process samples, and NATS may redeliver,
 * so the insert is an upsert on (service, minute) that only makes the minute worse, never counts twice.
 */
@Injectable()
export class StatusSamplesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StatusSamples');
  private pruneTimer?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.pruneTimer = setInterval(() => {
      this.prune().catch((error: Error) => this.logger.warn(`could not prune old samples: ${error.message}`));
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruneTimer);
  }

  /** Records one sample of every service it names, in the minute it was taken. */
  async record(sample: StatusSampledData, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (sample.services.length === 0) return;
    const sampledAt = new Date(sample.sampledAt);
    const minute = new Date(Math.floor(sampledAt.getTime() / MINUTE_MS) * MINUTE_MS);
    await manager.query(
      `INSERT INTO status_samples (service, minute, state, sampled_at)
       SELECT service, $1, state, $2 FROM unnest($3::text[], $4::text[]) AS s(service, state)
       ON CONFLICT (service, minute) DO UPDATE SET
         state = CASE WHEN array_position(ARRAY['operational', 'degraded', 'outage'], EXCLUDED.state)
                         > array_position(ARRAY['operational', 'degraded', 'outage'], status_samples.state)
                      THEN EXCLUDED.state ELSE status_samples.state END,
         sampled_at = greatest(status_samples.sampled_at, EXCLUDED.sampled_at)`,
      [
        minute,
        sampledAt,
        sample.services.map(({ service }) => service),
        sample.services.map(({ state }) => state),
      ],
    );
  }

  /** Each service's latest sample taken after `since`. */
  async latest(since: Date): Promise<Map<string, { state: string; sampledAt: Date }>> {
    const rows: { service: string; state: string; sampled_at: Date }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (service) service, state, sampled_at FROM status_samples
       WHERE minute >= date_trunc('minute', $1::timestamptz)
       ORDER BY service, minute DESC`,
      [since],
    );
    return new Map(rows.map((row) => [row.service, { state: row.state, sampledAt: row.sampled_at }]));
  }

  /** Sampled, up and degraded minutes per service and UTC day from `since`. */
  async dayCounts(since: Date): Promise<Map<string, DayCount[]>> {
    const rows: (DayCount & { service: string })[] = await this.dataSource.query(
      `SELECT service, to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
              count(*)::int AS sampled, (count(*) FILTER (WHERE state <> 'outage'))::int AS up,
              (count(*) FILTER (WHERE state = 'degraded'))::int AS degraded
       FROM status_samples WHERE minute >= $1 GROUP BY 1, 2`,
      [since],
    );
    const counts = new Map<string, DayCount[]>();
    for (const row of rows) {
      const list = counts.get(row.service) ?? [];
      list.push({ day: row.day, sampled: row.sampled, up: row.up, degraded: row.degraded });
      counts.set(row.service, list);
    }
    return counts;
  }

  /** Drops samples older than the page shows (and a day to spare). */
  async prune(now: Date = new Date()): Promise<void> {
    await this.dataSource.query(`DELETE FROM status_samples WHERE minute < $1`, [
      new Date(now.getTime() - (STATUS_HISTORY_DAYS + 1) * 24 * 60 * MINUTE_MS),
    ]);
  }
}
