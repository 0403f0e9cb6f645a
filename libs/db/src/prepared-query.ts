import { createHash } from 'node:crypto';
import { type CustomTypesConfig, type Pool, types } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

const TIMESTAMPTZ_OID = 1184;
const asText = (value: string) => value;

/** node-postgres's own parsers, but a timestamptz stays the text PostgreSQL wrote. */
const timestamptzAsText: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID ? asText : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};

const names = new Map<string, string>();

/** The statement's name on every connection: the same text always gets the same one. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `text` as a named prepared statement, which PostgreSQL parses once per connection rather than
 * on each call, and answers its rows with each timestamptz as the text PostgreSQL wrote (read it with
 * `isoTime` or `keysetTime`, no Date made). For a hot list that answers times as text (the staff
 * queue, ADR 0198). Its texts must come from a bounded set (each is kept on every connection), with
 * all values as parameters.
 */
export async function queryPrepared<Row>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const result = await pool.query({ name: statementName(text), text, values, types: timestamptzAsText });
  return result.rows as Row[];
}
