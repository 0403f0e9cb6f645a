import type { Pool } from 'pg';
import { Gauge, Histogram } from 'prom-client';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Every query this process ran on its database, TypeORM's and `queryPrepared`'s (ADR 0209). */
export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time to run a database query, from sending it to its last row.',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

const pools = new Set<Pool>();

/** Read when Prometheus scrapes, from node-postgres's own counts: nothing is kept per query. */
new Gauge({
  name: 'db_pool_connections',
  help: "Connections of the database pool: total open, idle, and clients waiting for one ('waiting').",
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

const timeQueries: EntitySubscriberInterface = {
  afterQuery(event) {
    if (event.executionTime !== undefined) dbQueryDuration.observe(event.executionTime / 1000);
  },
};

/** The node-postgres pool under an initialized PostgreSQL DataSource. */
export const poolOf = (dataSource: DataSource) => (dataSource.driver as PostgresDriver).master as Pool;

/**
 * Counts `dataSource` (initialized) in `db_pool_connections` and times its queries in
 * `db_query_duration_seconds`, until the answer is called.
 */
export function measureDatabase(dataSource: DataSource): () => void {
  const pool = poolOf(dataSource);
  pools.add(pool);
  dataSource.subscribers.push(timeQueries);
  return () => {
    pools.delete(pool);
    const index = dataSource.subscribers.indexOf(timeQueries);
    if (index >= 0) dataSource.subscribers.splice(index, 1);
  };
}
