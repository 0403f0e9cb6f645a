import type { DataSource, QueryRunner } from 'typeorm';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const KIND = /^[a-z0-9:_-]{1,32}$/;

function checked(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`Invalid ${what} "${value}"`);
  return value;
}

/**
 * Creates a table for `AttemptCounter`: one row per counted attempt of a `kind` (e.g.
 * `contact:address`) by a `subject` (an address, an email), looked up over a time window.
 */
export async function createAttemptsTable(
  runner: QueryRunner,
  table: string,
  kinds: readonly string[],
): Promise<void> {
  checked(table, IDENTIFIER, 'table name');
  const allowed = kinds.map((kind) => `'${checked(kind, KIND, 'attempt kind')}'`).join(', ');
  await runner.query(`
    CREATE TABLE ${table} (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind varchar(32) NOT NULL CHECK (kind IN (${allowed})),
      subject varchar(320) NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now()
    )`);
  await runner.query(`CREATE INDEX ${table}_lookup_idx ON ${table} (kind, subject, occurred_at)`);
  await runner.query(`CREATE INDEX ${table}_occurred_at_idx ON ${table} (occurred_at)`);
}

export interface AttemptLimit {
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

export interface Attempt<K extends string> {
  kind: K;
  subject: string;
}

/**
 * Rate limits counted in PostgreSQL (a table made by `createAttemptsTable`), so every replica of a
 * service enforces the same numbers and they survive restarts. `admit` checks and counts under a
 * transaction-scoped advisory lock of its kind and subject, so a burst of parallel requests (on any
 * replica) never gets past the limit.
 */
export class AttemptCounter<K extends string = string> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly table: string,
  ) {
    checked(table, IDENTIFIER, 'table name');
  }

  async record(...attempts: Attempt<K>[]): Promise<void> {
    await this.recordWith(this.dataSource, ...attempts);
  }

  /**
   * Records the attempts with the caller's transaction (an EntityManager or a query runner), so they
   * are kept only if it commits, and the request's writes share one commit.
   */
  async recordWith(executor: Pick<DataSource, 'query'>, ...attempts: Attempt<K>[]): Promise<void> {
    if (attempts.length === 0) return;
    const values = attempts.map((_, index) => `($${index * 2 + 1}, $${index * 2 + 2})`).join(', ');
    await executor.query(
      `INSERT INTO ${this.table} (kind, subject) VALUES ${values}`,
      attempts.flatMap(({ kind, subject }) => [kind, subject]),
    );
  }

  /**
   * 0 while fewer than `limit` attempts fall in the window; otherwise the seconds until enough of
   * them age out of it for one more attempt.
   */
  secondsUntilAllowed(attempt: Attempt<K>, limit: AttemptLimit): Promise<number> {
    return this.longestWait([attempt, limit]);
  }

  /** The longest wait of several limits (0 when each allows one more attempt), in one query. */
  longestWait(...checks: [Attempt<K>, AttemptLimit][]): Promise<number> {
    return this.longestWaitWith(this.dataSource, ...checks);
  }

  private async longestWaitWith(
    executor: Pick<DataSource, 'query'>,
    ...checks: [Attempt<K>, AttemptLimit][]
  ): Promise<number> {
    const waits = checks.map(
      (_, index) => `coalesce((
        SELECT ceil(extract(epoch FROM occurred_at + make_interval(secs => $${index * 4 + 3}) - now()))
          FROM ${this.table}
         WHERE kind = $${index * 4 + 1} AND subject = $${index * 4 + 2}
           AND occurred_at > now() - make_interval(secs => $${index * 4 + 3})
         ORDER BY occurred_at DESC
        OFFSET $${index * 4 + 4} - 1 LIMIT 1), 0)`,
    );
    const [row]: { wait: string | null }[] = await executor.query(
      `SELECT greatest(0, ${waits.join(', ')}) AS wait`,
      checks.flatMap(([{ kind, subject }, { limit, windowSeconds }]) => [
        kind,
        subject,
        windowSeconds,
        limit,
      ]),
    );
    return Math.max(0, Number(row?.wait ?? 0));
  }

  /**
   * Counts this attempt and answers 0 when it is within the limit; else answers the wait, uncounted.
   * Attempts of one kind and subject are admitted one at a time (the lock ends with the transaction).
   */
  admit(attempt: Attempt<K>, limit: AttemptLimit): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `${this.table}:${attempt.kind}:${attempt.subject}`,
      ]);
      const wait = await this.longestWaitWith(manager, [attempt, limit]);
      if (wait === 0) await this.recordWith(manager, attempt);
      return wait;
    });
  }

  async clear({ kind, subject }: Attempt<K>): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${this.table} WHERE kind = $1 AND subject = $2`, [
      kind,
      subject,
    ]);
  }

  /** Forgets attempts older than `olderThanSeconds` (longer than every window); returns how many. */
  async prune(olderThanSeconds: number): Promise<number> {
    const [, deleted] = await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE occurred_at < now() - make_interval(secs => $1)`,
      [olderThanSeconds],
    );
    return Number(deleted ?? 0);
  }
}

export interface PruningLogger {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * Prunes `counter` of attempts older than `keepSeconds` every `everyMs` (a timer that never keeps the
 * process alive), logging what it removed or why it could not; returns the function that stops it.
 */
export function pruneAttemptsEvery(
  counter: AttemptCounter,
  { keepSeconds, everyMs, logger }: { keepSeconds: number; everyMs: number; logger: PruningLogger },
): () => void {
  const timer = setInterval(async () => {
    try {
      const deleted = await counter.prune(keepSeconds);
      if (deleted > 0) logger.log(`pruned ${deleted} old attempts`);
    } catch (error) {
      logger.warn(`pruning failed: ${(error as Error).message}`);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
