import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export type PostgresDataSourceOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

export interface DataSourceConfig {
  /** `postgres://user:password@host:5432/database` */
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations?: MixedList<Function | string>;
  /** Connections in the pool; default 10. */
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  logging?: boolean;
}

/**
 * PostgreSQL DataSource options. The schema only ever changes through the checked-in migrations:
 * `synchronize` and `migrationsRun` are off, and TypeORM installs no extensions (uuids come from
 * `gen_random_uuid()`, built into PostgreSQL 13+).
 */
export function dataSourceOptions(config: DataSourceConfig): PostgresDataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    entities: config.entities ?? [],
    migrations: config.migrations ?? [],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    installExtensions: false,
    poolSize: config.poolSize ?? 10,
    applicationName: config.applicationName,
    connectTimeoutMS: 5000,
    logging: config.logging ?? false,
  };
}

/**
 * `TypeOrmModule.forRoot` options of a service: `dataSourceOptions`, plus a few retries of the first
 * connection so a database that is still starting does not stop the service at boot.
 */
export function serviceDataSourceOptions(config: DataSourceConfig) {
  return { ...dataSourceOptions(config), retryAttempts: 3, retryDelay: 1000 };
}

/** A DataSource (not yet initialized) with `dataSourceOptions(config)`. */
export function createDataSource(config: DataSourceConfig): DataSource {
  return new DataSource(dataSourceOptions(config));
}
