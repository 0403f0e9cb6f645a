import { createTestDatabase, testDatabaseServerUrl, uniqueName } from '@portal/testing';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropDatabase, ensureDatabase, withDatabase } from '@portal/db-admin';
import { checkDatabase, createDataSource, migrateDatabase } from './index';

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: testDatabaseServerUrl() });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

class CreateItems1700000000001 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE items (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL)',
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE items');
  }
}

class AddItemPrice1700000000002 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE items ADD COLUMN price numeric(10,2) NOT NULL DEFAULT 0');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE items DROP COLUMN price');
  }
}

describe('ensureDatabase / dropDatabase', () => {
  it('creates a missing database once, even when called concurrently, and drops it', async () => {
    const name = uniqueName('db_spec');
    const server = testDatabaseServerUrl();
    try {
      const created = await Promise.all([ensureDatabase(server, name), ensureDatabase(server, name)]);
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await databaseExists(name)).toBe(true);
      expect(await ensureDatabase(server, name)).toBe(false);
    } finally {
      await dropDatabase(server, name);
    }
    expect(await databaseExists(name)).toBe(false);
    await expect(dropDatabase(server, name)).resolves.toBeUndefined();
  });
});

/** Slow enough that replicas starting together would all find it pending without the lock. */
class SeedItemSlowly1700000000003 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('SELECT pg_sleep(0.3)');
    await runner.query(`INSERT INTO items (name) VALUES ('seeded')`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM items WHERE name = 'seeded'`);
  }
}

describe('migrateDatabase', () => {
  it('creates the database, applies pending migrations in order and is idempotent', async () => {
    const name = uniqueName('db_migrate');
    const url = withDatabase(testDatabaseServerUrl(), name);
    try {
      expect(await migrateDatabase({ url, migrations: [CreateItems1700000000001] })).toEqual([
        'CreateItems1700000000001',
      ]);
      expect(
        await migrateDatabase({ url, migrations: [CreateItems1700000000001, AddItemPrice1700000000002] }),
      ).toEqual(['AddItemPrice1700000000002']);
      expect(
        await migrateDatabase({ url, migrations: [CreateItems1700000000001, AddItemPrice1700000000002] }),
      ).toEqual([]);
      const ds = await createDataSource({ url }).initialize();
      try {
        await ds.query(`INSERT INTO items (name, price) VALUES ('a', 9.99)`);
        expect(await ds.query('SELECT name, price FROM items')).toEqual([{ name: 'a', price: '9.99' }]);
      } finally {
        await ds.destroy();
      }
    } finally {
      await dropDatabase(testDatabaseServerUrl(), name);
    }
  });
  it('migrates once when three replicas start together on a new database', async () => {
    const name = uniqueName('db_migrate_replicas');
    const url = withDatabase(testDatabaseServerUrl(), name);
    const migrations = [CreateItems1700000000001, SeedItemSlowly1700000000003];
    try {
      const runs = await Promise.all([1, 2, 3].map(() => migrateDatabase({ url, migrations })));
      expect(runs.filter((ran) => ran.length > 0)).toEqual([
        ['CreateItems1700000000001', 'SeedItemSlowly1700000000003'],
      ]);
      const ds = await createDataSource({ url }).initialize();
      try {
        expect(await ds.query('SELECT name FROM items')).toEqual([{ name: 'seeded' }]);
      } finally {
        await ds.destroy();
      }
    } finally {
      await dropDatabase(testDatabaseServerUrl(), name);
    }
  });
});

describe('checkDatabase', () => {
  it('is true while the database answers and false once the pool is gone', async () => {
    const db = await createTestDatabase('db_health');
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      expect(await checkDatabase(ds)).toBe(true);
    } finally {
      await ds.destroy();
      await db.drop();
    }
    expect(await checkDatabase(ds)).toBe(false);
  });

  it('answers false within its timeout when the database does not answer', async () => {
    const db = await createTestDatabase('db_health');
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      const busy = ds.query('SELECT pg_sleep(1.5)');
      const started = Date.now();
      expect(await checkDatabase(ds, 200)).toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
      await busy;
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
