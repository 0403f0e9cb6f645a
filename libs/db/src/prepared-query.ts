import { createHash } from 'node:crypto';
import { type CustomTypesConfig, types } from 'pg';
import type { DataSource } from 'typeorm';
import { dbQueryDuration, poolOf } from './db-metrics';

const TIMESTAMPTZ_OID = 1184;
const asText = (value: string) => value;

/** node-postgres's own parsers, but a timestamptz stays the text PostgreSQL wrote. */
const timestamptzAsText: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID
      ? asText
      : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
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
  const started = performance.now();
  const result = await poolOf(dataSource).query({
    name: statementName(text),
    text,
    values,
    types: timestamptzAsText,
  });
  dbQueryDuration.observe((performance.now() - started) / 1000);
  return result.rows as Row[];
}
