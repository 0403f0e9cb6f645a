export {
  createDataSource,
  dataSourceOptions,
  serviceDataSourceOptions,
  type DataSourceConfig,
  type PostgresDataSourceOptions,
} from './data-source';
export { ensureDatabase, dropDatabase } from './database-admin';
export { assertDatabaseName, splitDatabaseUrl, withDatabase } from './database-url';
export { migrateDatabase, runMigrations } from './migrations';
export { checkDatabase } from './health';
export {
  type Attempt,
  AttemptCounter,
  type AttemptLimit,
  createAttemptsTable,
  pruneAttemptsEvery,
  type PruningLogger,
} from './attempts';
export {
  envVars,
  EnvValidationError,
  identityUrlEnv,
  loadEnv,
  parseEnv,
  serviceConfig,
  type ServiceConfig,
  serviceEnv,
} from './env';
export { demoCustomer, demoDataWanted, demoDialerEnv, demoPasswordEnv } from './demo-customer';
