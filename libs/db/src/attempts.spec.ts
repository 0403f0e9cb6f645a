import { createMigratedTestDatabase, type MigratedTestDatabase, sleep } from '@portal/testing';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { AttemptCounter, createAttemptsTable, pruneAttemptsEvery } from './index';

class CreateAttempts1700000000003 implements MigrationInterface {
  up(runner: QueryRunner): Promise<void> {
    return createAttemptsTable(runner, 'spec_attempts', ['try:address', 'try:email']);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE spec_attempts');
  }
}

describe('AttemptCounter', () => {
  let database: MigratedTestDatabase;
  let dataSource: DataSource;
  let counter: AttemptCounter<'try:address' | 'try:email'>;
  const limit = { limit: 2, windowSeconds: 60 };

  beforeAll(async () => {
    database = await createMigratedTestDatabase('attempts', { migrations: [CreateAttempts1700000000003] });
    dataSource = database.dataSource;
    counter = new AttemptCounter(dataSource, 'spec_attempts');
  });
  afterAll(() => database.close());

  it('admits up to the limit, then answers the wait until the oldest attempt leaves the window', async () => {
    const attempt = { kind: 'try:address', subject: '192.0.2.1' } as const;
    expect(await counter.admit(attempt, limit)).toBe(0);
    expect(await counter.admit(attempt, limit)).toBe(0);
    const wait = await counter.admit(attempt, limit);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    // The refused attempt was not counted; other kinds and subjects are not affected.
    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM spec_attempts');
    expect(count).toBe(2);
    expect(await counter.secondsUntilAllowed({ kind: 'try:email', subject: '192.0.2.1' }, limit)).toBe(0);
    expect(await counter.secondsUntilAllowed({ kind: 'try:address', subject: '192.0.2.2' }, limit)).toBe(0);

    await counter.clear(attempt);
    expect(await counter.secondsUntilAllowed(attempt, limit)).toBe(0);
  });

  it("records with the caller's transaction: kept when it commits, gone when it rolls back", async () => {
    const attempt = { kind: 'try:address', subject: '192.0.2.250' } as const;
    await dataSource
      .transaction(async (manager) => {
        await counter.recordWith(manager, attempt);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await counter.secondsUntilAllowed(attempt, { limit: 1, windowSeconds: 60 })).toBe(0);
    await dataSource.transaction((manager) => counter.recordWith(manager, attempt));
    expect(await counter.secondsUntilAllowed(attempt, { limit: 1, windowSeconds: 60 })).toBeGreaterThan(0);
  });

  it('forgets attempts older than asked', async () => {
    await counter.record(
      { kind: 'try:email', subject: 'old@example.com' },
      { kind: 'try:email', subject: 'new@example.com' },
    );
    await dataSource.query(
      `UPDATE spec_attempts SET occurred_at = now() - interval '2 days' WHERE subject = 'old@example.com'`,
    );
    expect(await counter.prune(24 * 60 * 60)).toBe(1);
    const subjects = await dataSource.query(`SELECT subject FROM spec_attempts WHERE kind = 'try:email'`);
    expect(subjects).toEqual([{ subject: 'new@example.com' }]);
  });

  it('prunes on a schedule, logs what it removed, and stops when told', async () => {
    await counter.record({ kind: 'try:email', subject: 'scheduled-old@example.com' });
    await dataSource.query(
      `UPDATE spec_attempts SET occurred_at = now() - interval '2 days' WHERE subject = 'scheduled-old@example.com'`,
    );
    const logged: string[] = [];
    const logger = {
      log: (message: string) => logged.push(message),
      warn: (message: string) => logged.push(message),
    };
    const stop = pruneAttemptsEvery(counter, { keepSeconds: 24 * 60 * 60, everyMs: 20, logger });
    try {
      for (let waited = 0; logged.length === 0 && waited < 2000; waited += 20) await sleep(20);
    } finally {
      stop();
    }
    expect(logged).toEqual(['pruned 1 old attempts']);
    const left = await dataSource.query(
      `SELECT 1 FROM spec_attempts WHERE subject = 'scheduled-old@example.com'`,
    );
    expect(left).toEqual([]);

    await counter.record({ kind: 'try:email', subject: 'after-stop@example.com' });
    await dataSource.query(
      `UPDATE spec_attempts SET occurred_at = now() - interval '2 days' WHERE subject = 'after-stop@example.com'`,
    );
    await sleep(100);
    expect(logged).toHaveLength(1);
  });

  it('refuses table names and kinds that are not plain identifiers', async () => {
    expect(() => new AttemptCounter(dataSource, 'attempts; DROP TABLE x')).toThrow('Invalid table name');
    const runner = dataSource.createQueryRunner();
    try {
      await expect(createAttemptsTable(runner, 'fine', ["x') OR ('1"])).rejects.toThrow(
        'Invalid attempt kind',
      );
    } finally {
      await runner.release();
    }
  });
});
