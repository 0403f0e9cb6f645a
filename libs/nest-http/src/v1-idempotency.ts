import { createHash } from 'node:crypto';
import {
  HttpStatus,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { apiErrorCodes, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { DataSource, EntityManager } from 'typeorm';
import { v1Errors, v1Messages } from './v1-errors';

/** Says a POST's answer was kept for its `Idempotency-Key` and is being replayed. */
const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** What a POST answered, as kept for its `Idempotency-Key`. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type IdempotentAnswer = StoredAnswer & { replayed: boolean };

/** Answers a POST with `answer`: its status, `Idempotent-Replayed` when it is a kept one, and its body. */
export function sendIdempotentAnswer(reply: FastifyReply, answer: IdempotentAnswer): unknown {
  reply.status(answer.status);
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body;
}

const PURGE_EVERY_MS = 60 * 60_000;
/** Printable ASCII without spaces at either end, as Stripe's keys (uuids, mostly). */
const KEY_TEXT = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** The `Idempotency-Key` header, checked: absent is undefined; too long, empty or not printable a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (Array.isArray(header) && header.length > 1) throw invalidKey();
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_TEXT.test(key)) throw invalidKey();
  return key;
}

const invalidKey = () =>
  v1Errors.idempotency(
    HttpStatus.BAD_REQUEST,
    apiErrorCodes.idempotencyKeyInvalid,
    v1Messages.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX_LENGTH),
  );

/** JSON with object keys sorted at every level: the same request hashes the same however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the route and the body's canonical JSON: a key reused for another request is told apart. */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
}

/**
 * `Idempotency-Key` on the API's POSTs, as Stripe does, for a service whose database has the table
 * `idempotency_keys` (organization_id, key, request_hash, status_code, response, created_at): per organization and key, the first answer
 * is kept with a hash of its request and replayed for `IDEMPOTENCY_KEY_TTL_HOURS` to a retry of the
 * same request; the same key with another request is a 400 `idempotency_key_in_use`, and while the
 * first is still running, a 409 `idempotency_request_in_progress`.
 *
 * The work and its answer commit in one transaction, under a transaction-scoped advisory lock of the
 * organization and key taken without waiting (taken already: 409). So a key never does the work
 * twice, concurrent requests included (the primary key is the last guard), a failed request leaves
 * nothing behind to replay (it can be retried with the same key), and a process that dies mid-way
 * leaves no key stuck "in progress". Rows past their time are purged every hour.
 */
@Injectable()
export class IdempotencyService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeys');
  private timer?: NodeJS.Timeout;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    void this.purgeQuietly();
    this.timer = setInterval(() => void this.purgeQuietly(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * `work`'s answer, done in the transaction it is handed, kept for `key` when one is given; the
   * kept answer (`replayed`) for a retry of the same request.
   */
  run(
    organizationId: string,
    key: string | undefined,
    hash: string,
    work: (manager: EntityManager) => Promise<StoredAnswer>,
  ): Promise<IdempotentAnswer> {
    return this.dataSource.transaction(async (manager) => {
      if (key === undefined) return { ...(await work(manager)), replayed: false };
      const [{ locked }]: { locked: boolean }[] = await manager.query(
        `SELECT pg_try_advisory_xact_lock(hashtextextended('v1.idempotency:' || $1 || ':' || $2, 0)) AS locked`,
        [organizationId, key],
      );
      if (!locked) {
        throw v1Errors.idempotency(
          HttpStatus.CONFLICT,
          apiErrorCodes.idempotencyConflict,
          v1Messages.idempotencyInProgress,
        );
      }
      const [kept]: { request_hash: string; status_code: number; response: unknown; live: boolean }[] =
        await manager.query(
          `SELECT request_hash, status_code, response,
                  created_at > now() - make_interval(hours => $3) AS live
           FROM idempotency_keys WHERE organization_id = $1 AND key = $2`,
          [organizationId, key, IDEMPOTENCY_KEY_TTL_HOURS],
        );
      if (kept?.live) {
        if (kept.request_hash !== hash) {
          throw v1Errors.idempotency(
            HttpStatus.BAD_REQUEST,
            apiErrorCodes.idempotencyKeyReused,
            v1Messages.idempotencyKeyInUse,
          );
        }
        return { status: kept.status_code, body: kept.response, replayed: true };
      }
      const answer = await work(manager);
      // A key past its time (not purged yet) answers anew.
      await manager.query(
        `INSERT INTO idempotency_keys (organization_id, key, request_hash, status_code, response)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (organization_id, key) DO UPDATE SET
           request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
           response = EXCLUDED.response, created_at = now()`,
        [organizationId, key, hash, answer.status, JSON.stringify(answer.body)],
      );
      return { ...answer, replayed: false };
    });
  }

  /** Deletes the keys past their time; answers how many. */
  async purge(): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      'DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1)',
      [IDEMPOTENCY_KEY_TTL_HOURS],
    );
    return deleted;
  }

  private async purgeQuietly(): Promise<void> {
    try {
      const deleted = await this.purge();
      if (deleted > 0)
        this.logger.log(`Purged ${deleted} idempotency keys past ${IDEMPOTENCY_KEY_TTL_HOURS} h`);
    } catch (error) {
      this.logger.warn(`Purging idempotency keys failed: ${(error as Error).message}`);
    }
  }
}
