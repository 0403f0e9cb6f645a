import { serviceConfigLoader, serviceEnv } from '@portal/config';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { bootstrapService } from './bootstrap-service';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE widgets (id int PRIMARY KEY)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE widgets');
  }
}

describe('bootstrapService with --migrate-only (the Kubernetes migration step)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('migrate_only');
  });
  afterAll(() => database.drop());

  it('applies the pending migrations and returns without building or serving the app', async () => {
    const loadConfig = serviceConfigLoader(z.object(serviceEnv(3999)), () => ({}));
    let served = 0;
    await bootstrapService(
      {
        name: 'widgets',
        loadConfig: () => loadConfig({ DATABASE_URL: database.url, INTERNAL_PORT: '0' }),
        database: (url) => ({ url, migrations: [CreateWidgets1700000000000] }),
        rootModule: {
          forRoot: () => {
            served += 1;
            throw new Error('--migrate-only must not build the app');
          },
        },
      },
      ['node', 'dist/main.js', '--migrate-only'],
    );
    expect(served).toBe(0);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT name FROM migrations');
      expect(rows).toEqual([{ name: 'CreateWidgets1700000000000' }]);
      expect((await client.query('SELECT count(*)::int AS n FROM widgets')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });
});
