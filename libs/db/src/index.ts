export {
  createDataSource,
  dataSourceOptions,
  serviceDataSourceOptions,
  type DataSourceConfig,
  type PostgresDataSourceOptions,
} from './data-source';
export { migrateDatabase, runMigrations } from './migrations';
export { checkDatabase } from './health';
export { dbQueryDuration, measureDatabase, poolOf } from './db-metrics';
export { queryPrepared } from './prepared-query';
export { isoTime, keysetTime } from './timestamptz-text';
export {
  type Attempt,
  AttemptCounter,
  type AttemptLimit,
  createAttemptsTable,
  pruneAttemptsEvery,
  type PruningLogger,
} from './attempts';
export { AttemptLimits } from './attempt-limits';
export { CustomerRow, UuidRow } from './rows';
export { demoCustomer, demoDataWanted, demoDialerEnv, demoPasswordEnv } from './demo-customer';
export {
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeysetCursor,
  keysetTimeText,
} from './keyset-cursor';
