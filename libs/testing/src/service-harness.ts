import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@portal/config';
import { createServiceApp } from '@portal/nest-http';
import type { DataSource, EntitySchema, MixedList } from 'typeorm';
import type { TestDatabase } from './database';
import { createMigratedTestDatabase } from './migrated-test-database';

export interface ServiceHarnessConfig {
  databaseUrl: string;
  natsUrl?: string;
}

export interface ServiceHarnessOptions {
  /** Service name (logs). */
  name: string;
  /** Builds the service's root module for the throwaway database (and `natsUrl` when given). */
  createModule: (config: ServiceHarnessConfig) => Type<unknown> | DynamicModule;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /** Entities for the harness' own DataSource, for assertions through repositories. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | EntitySchema>;
  /** NATS URL handed to the service, e.g. `testNatsUrl()` (default: none, events wait in the outbox). */
  natsUrl?: string;
  /** Runs after migrations, before the app boots (e.g. seed data). */
  prepare?: (dataSource: DataSource) => Promise<void>;
}

export interface ServiceHarness {
  app: NestFastifyApplication;
  /** Base URL of the listening app, e.g. `http://127.0.0.1:40123`. */
  baseUrl: string;
  database: TestDatabase;
  /** A connection of the test's own to the service's database, for arranging and asserting. */
  dataSource: DataSource;
  /** Closes the app and the connection, then drops the database. */
  close(): Promise<void>;
}

/**
 * Boots a service for a test the way production does, on real infrastructure: a new database on
 * the test PostgreSQL, the service's migrations, the app built by `createServiceApp` (Fastify,
 * JSON errors, request ids) listening on a random port of 127.0.0.1.
 */
export async function startServiceHarness(options: ServiceHarnessOptions): Promise<ServiceHarness> {
  const migrated = await createMigratedTestDatabase(options.name.replace(/-/g, '_'), {
    migrations: options.migrations,
    entities: options.entities,
    poolSize: 2,
  });
  const { database, dataSource } = migrated;
  let app: NestFastifyApplication | undefined;
  try {
    await options.prepare?.(dataSource);
    const config = { databaseUrl: database.url, natsUrl: options.natsUrl };
    app = await createServiceApp(options.createModule(config), {
      name: options.name,
      logLevel: (process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent',
    });
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    await app?.close().catch(() => undefined);
    await migrated.close();
    throw error;
  }
  const started = app;
  return {
    app: started,
    baseUrl: await started.getUrl(),
    database,
    dataSource,
    async close() {
      await started.close();
      await migrated.close();
    },
  };
}
