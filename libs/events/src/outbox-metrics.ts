import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';

interface OutboxSample {
  backlog: number;
  /** Age of the oldest unpublished event, 0 when there is none. */
  lagSeconds: number;
}

const outboxes = new Set<DataSource>();
let latest: { at: number; sample: Promise<OutboxSample | undefined> } | undefined;

async function readOutbox(dataSource: DataSource): Promise<OutboxSample | undefined> {
  try {
    const [row] = (await dataSource.query(
      `SELECT count(*)::int AS backlog,
              coalesce(extract(epoch FROM now() - min(occurred_at)), 0)::float8 AS lag
       FROM outbox WHERE published_at IS NULL`,
    )) as { backlog: number; lag: number }[];
    return { backlog: row.backlog, lagSeconds: Math.max(0, row.lag) };
  } catch {
    return undefined; // the database is down: /metrics still answers, these two series keep their last value
  }
}

/** One query per scrape for both gauges (prom-client collects them side by side). */
function sampleOutboxes(): Promise<OutboxSample | undefined> {
  if (latest && Date.now() - latest.at < 1000) return latest.sample;
  const sample = Promise.all([...outboxes].map(readOutbox)).then((samples) => {
    const read = samples.filter((each) => each !== undefined);
    if (read.length === 0) return undefined;
    return {
      backlog: read.reduce((sum, each) => sum + each.backlog, 0),
      lagSeconds: Math.max(...read.map((each) => each.lagSeconds)),
    };
  });
  latest = { at: Date.now(), sample };
  return sample;
}

/** Read when Prometheus scrapes (ADR 0209): the outbox's unpublished rows. */
new Gauge({
  name: 'outbox_backlog',
  help: 'Events written to the outbox and not yet published to NATS.',
  async collect() {
    const sample = await sampleOutboxes();
    if (sample) this.set(sample.backlog);
  },
});

new Gauge({
  name: 'outbox_relay_lag_seconds',
  help: 'Age of the oldest event not yet published to NATS (0 when the outbox is drained).',
  async collect() {
    const sample = await sampleOutboxes();
    if (sample) this.set(sample.lagSeconds);
  },
});

/** Reports the outbox of `dataSource` in `outbox_backlog` and `outbox_relay_lag_seconds` until the answer is called. */
export function measureOutbox(dataSource: DataSource): () => void {
  outboxes.add(dataSource);
  return () => {
    outboxes.delete(dataSource);
  };
}
