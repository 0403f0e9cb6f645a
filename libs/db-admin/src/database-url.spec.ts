import { splitDatabaseUrl, withDatabase } from './database-url';

describe('database urls', () => {
  it('splits a service URL into its server and database', () => {
    expect(
      splitDatabaseUrl('postgres://app:s%40cret@db.internal:5433/portal_identity?sslmode=disable'),
    ).toEqual({
      serverUrl: 'postgres://app:s%40cret@db.internal:5433/postgres?sslmode=disable',
      database: 'portal_identity',
    });
    expect(withDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'other')).toBe(
      'postgres://postgres@127.0.0.1:5432/other',
    );
  });

  it('refuses database names that are not plain identifiers', () => {
    expect(() => splitDatabaseUrl('postgres://h/')).toThrow('names no database');
    expect(() => withDatabase('postgres://h/x', 'a"; DROP DATABASE postgres; --')).toThrow(
      'Invalid database name',
    );
  });
});
