import pg from 'pg';
import { databaseUrl } from './stack';

/** Rows of one query on a service's own e2e database, read as an operator would with psql. */
export async function queryServiceDatabase<Row>(service: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl(service) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}
