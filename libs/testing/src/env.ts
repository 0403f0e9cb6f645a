/** The PostgreSQL server tests create their databases on (`TEST_DATABASE_URL`). */
export function testDatabaseServerUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The NATS server with JetStream that tests use (`TEST_NATS_URL`). */
export function testNatsUrl(): string {
  return process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';
}
