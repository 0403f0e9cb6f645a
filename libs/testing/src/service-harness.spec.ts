import { Controller, Get, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  closedPort,
  createTestDatabase,
  startServiceHarness,
  testDatabaseServerUrl,
  uniqueSubjectSpace,
} from './index';

class CreateNotes1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notes');
  }
}

const NOTES_DB = Symbol('NOTES_DB');

@Controller('notes')
class NotesController implements OnModuleDestroy {
  constructor(@Inject(NOTES_DB) private readonly db: DataSource) {}

  @Get()
  list(): Promise<{ body: string }[]> {
    return this.db.query('SELECT body FROM notes ORDER BY id');
  }

  async onModuleDestroy(): Promise<void> {
    await this.db.destroy();
  }
}

const notesModule = (databaseUrl: string) => {
  @Module({
    controllers: [NotesController],
    providers: [
      {
        provide: NOTES_DB,
        useFactory: () => new DataSource({ type: 'postgres', url: databaseUrl, poolSize: 1 }).initialize(),
      },
    ],
  })
  class NotesModule {}
  return NotesModule;
};

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: testDatabaseServerUrl() });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('startServiceHarness', () => {
  it('migrates a fresh database, serves the app on a random port and drops it all on close', async () => {
    const harness = await startServiceHarness({
      name: 'harness-spec',
      createModule: ({ databaseUrl, natsUrl }) => {
        expect(natsUrl).toBeUndefined();
        return notesModule(databaseUrl);
      },
      migrations: [CreateNotes1700000000000],
      prepare: (dataSource) => dataSource.query(`INSERT INTO notes (body) VALUES ('seeded')`),
    });
    const { name } = harness.database;
    try {
      expect(harness.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await harness.dataSource.query(`INSERT INTO notes (body) VALUES ('second')`);
      const res = await fetch(`${harness.baseUrl}/notes`);
      expect(await res.json()).toEqual([{ body: 'seeded' }, { body: 'second' }]);
      const missing = await fetch(`${harness.baseUrl}/nope`);
      expect(await missing.json()).toEqual({ statusCode: 404, message: 'Cannot GET /nope' });
      expect(await databaseExists(name)).toBe(true);
    } finally {
      await harness.close();
    }
    expect(await databaseExists(name)).toBe(false);
  });

  it('drops the database when the app fails to boot', async () => {
    const created: string[] = [];
    await expect(
      startServiceHarness({
        name: 'harness-fail',
        createModule: ({ databaseUrl }) => {
          created.push(new URL(databaseUrl).pathname.slice(1));
          throw new Error('module factory failed');
        },
        migrations: [],
      }),
    ).rejects.toThrow('module factory failed');
    expect(created).toHaveLength(1);
    expect(await databaseExists(created[0])).toBe(false);
  });
});

describe('test helpers', () => {
  it('creates unique databases', async () => {
    const [a, b] = await Promise.all([createTestDatabase('spec'), createTestDatabase('spec')]);
    try {
      expect(a.name).not.toBe(b.name);
      expect(await databaseExists(a.name)).toBe(true);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });

  it('gives each run its own stream and subjects', () => {
    const first = uniqueSubjectSpace();
    const second = uniqueSubjectSpace();
    expect(first.stream).toMatch(/^T[0-9a-f]{10}$/);
    expect(first.subjects).toEqual([`${first.prefix}.>`]);
    expect(first.stream).not.toBe(second.stream);
  });

  it('finds a port nothing listens on', async () => {
    const port = await closedPort();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
