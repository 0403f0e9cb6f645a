const DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,62}$/;

/** Throws unless `name` is a plain PostgreSQL database name (letters, digits, `_`, `-`; max 63). */
export function assertDatabaseName(name: string): string {
  if (!DATABASE_NAME.test(name)) throw new Error(`Invalid database name "${name}"`);
  return name;
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(assertDatabaseName(database))}`;
  return parsed.toString();
}

/**
 * Splits `postgres://user@host:5432/portal_identity` into the database name and a URL of the
 * same server's `postgres` maintenance database, from which the database can be created.
 */
export function splitDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!database) throw new Error('The database URL names no database');
  return { serverUrl: withDatabase(url, 'postgres'), database: assertDatabaseName(database) };
}
