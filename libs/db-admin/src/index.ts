export { dropDatabase, ensureDatabase } from './database-admin';
export { assertDatabaseName, splitDatabaseUrl, withDatabase } from './database-url';
