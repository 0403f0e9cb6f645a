import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SecretBox } from '@portal/auth';
import { toPublicId, WEBHOOK_LOG_RETENTION_DAYS } from '@portal/contracts';
import { enqueueCatalogEvent, OutboxWakeups } from '@portal/events';
import type { DataSource } from 'typeorm';
import { CallbackSecrets } from './callback-secrets';
import { nextAttemptAt } from './webhook-schedule';
import { type AttemptOutcome, sendWebhook } from './webhook-sender';
import { resolveWebhookUrl, WebhookUrlRefusal } from '@portal/nest-http';
import {
  WEBHOOK_DELIVERIES_CHANNEL,
  WEBHOOK_OPTIONS,
  type WebhookOptions,
  webhookSecretContext,
} from './webhook-options';

/** A delivery the worker claimed, with what it needs to send it. */
interface ClaimedDelivery {
  id: string;
  /** Null for a ticket's callback (ADR 0206). */
  endpoint_id: string | null;
  organization_id: string;
  event_id: string;
  request_body: string;
  retry_until: Date;
  /** The endpoint's URL, or the callback's. */
  url: string;
  /** Sealed: the endpoint's, or the organization's callback secret (null until it is first needed). */
  signing_secret: string | null;
}

/** Whose slots an attempt takes: its endpoint's, or its callback URL's (as SQL `coalesce` computes it). */
const targetOf = (delivery: ClaimedDelivery) => delivery.endpoint_id ?? delivery.url;

/** How often the log is pruned, and how many deliveries one statement deletes. */
const PRUNE_INTERVAL_MS = 3_600_000;
const PRUNE_BATCH = 1000;

/** How long a claim holds a delivery beyond one attempt's deadline before another worker may take it. */
const LEASE_MARGIN_MS = 60_000;

/**
 * Sends the due webhook deliveries (ADR 0202). It wakes at once when a delivery is committed (a NOTIFY
 * on `crm_webhook_deliveries`, which every replica LISTENs to, so the one that inserted it and its
 * peers alike), when an attempt ends, at the next scheduled retry, and on a slow poll as a safety net.
 * A delivery is claimed with FOR UPDATE SKIP LOCKED and a lease, so replicas never send one twice at
 * once and a crashed worker's claim is taken over when its lease ends. At most `concurrency` attempts
 * run at a time, at most `perEndpointConcurrency` per endpoint (or callback URL, ADR 0206): a slow
 * receiver holds its own slots only.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookWorker');
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private wakeups?: OutboxWakeups;
  private timer?: NodeJS.Timeout;
  private pruneTimer?: NodeJS.Timeout;
  private passing = false;
  private again = false;
  private stopped = true;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
    private readonly box: SecretBox,
    private readonly callbackSecrets: CallbackSecrets,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.wakeups = new OutboxWakeups(
      this.options.databaseUrl,
      () => this.wake(),
      this.logger,
      () => this.wake(),
      WEBHOOK_DELIVERIES_CHANNEL,
    );
    this.wakeups.start();
    this.wake();
    this.pruneTimer = setInterval(
      () =>
        void this.prune().catch((error: unknown) => {
          this.logger.error(`pruning the webhook log failed: ${String(error)}`);
        }),
      PRUNE_INTERVAL_MS,
    );
    this.pruneTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pruneTimer);
    await this.wakeups?.stop();
    await Promise.allSettled([...this.running]);
  }

  /** Looks for due deliveries now (coalesced: a pass already running looks again when it ends). */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = true;
    void this.pass()
      .catch((error: unknown) => {
        // The database may be restarting: look again after the poll interval.
        this.logger.error(`webhook pass failed: ${String(error)}`);
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
        this.timer.unref();
      })
      .finally(() => {
        this.passing = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Deletes finished deliveries (with their attempts) older than WEBHOOK_LOG_RETENTION_DAYS, a batch at
   * a time so no statement holds many rows; every replica may run it, SKIP LOCKED keeps them apart.
   * The number deleted.
   */
  async prune(): Promise<number> {
    const cutoff = new Date(this.options.schedule.now().getTime() - WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
    let deleted = 0;
    for (;;) {
      const [, affected]: [unknown, number] = await this.dataSource.query(
        `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM webhook_deliveries
           WHERE status IN ('succeeded', 'failed') AND created_at < $1
           LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`,
        [cutoff],
      );
      deleted += affected;
      if (affected < PRUNE_BATCH || this.stopped) return deleted;
    }
  }

  /** The targets (endpoint ids, callback URLs) holding all their slots in this process. */
  private busyTargets(): string[] {
    return [...this.inFlight]
      .filter(([, count]) => count >= this.options.perEndpointConcurrency)
      .map(([id]) => id);
  }

  private async pass(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const delivery = await this.claim();
      if (!delivery) break;
      const target = targetOf(delivery);
      this.inFlight.set(target, (this.inFlight.get(target) ?? 0) + 1);
      const attempt = this.attempt(delivery)
        .catch((error: unknown) =>
          this.logger.error(`webhook delivery ${delivery.id} failed to run: ${String(error)}`),
        )
        .finally(() => {
          this.running.delete(attempt);
          const left = (this.inFlight.get(target) ?? 1) - 1;
          if (left > 0) this.inFlight.set(target, left);
          else this.inFlight.delete(target);
          this.wake();
        });
      this.running.add(attempt);
    }
    await this.scheduleNext();
  }

  /**
   * One due delivery, of a non-disabled endpoint or a ticket's callback, leased to this worker;
   * undefined when none is due.
   */
  private async claim(): Promise<ClaimedDelivery | undefined> {
    const now = this.options.schedule.now();
    const leaseUntil = new Date(now.getTime() + this.options.schedule.timeoutMs + LEASE_MARGIN_MS);
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [rows]: [ClaimedDelivery[], number] = await this.dataSource.query(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status IN ('pending', 'retrying') AND d.next_attempt_at <= $1
           AND (d.lease_until IS NULL OR d.lease_until <= $1)
           AND (d.endpoint_id IS NULL OR e.status <> 'disabled')
           AND NOT (coalesce(d.endpoint_id::text, d.callback_url) = ANY ($3::text[]))
         ORDER BY d.next_attempt_at, d.created_at
         LIMIT 1
         FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET lease_until = $2
       FROM due
       WHERE d.id = due.id
       RETURNING d.id, d.endpoint_id, d.organization_id, d.event_id, d.request_body, d.retry_until,
         coalesce((SELECT e.url FROM webhook_endpoints e WHERE e.id = d.endpoint_id), d.callback_url) AS url,
         CASE WHEN d.endpoint_id IS NULL
           THEN (SELECT s.signing_secret FROM webhook_callback_secrets s WHERE s.organization_id = d.organization_id)
           ELSE (SELECT e.signing_secret FROM webhook_endpoints e WHERE e.id = d.endpoint_id)
         END AS signing_secret`,
      [now, leaseUntil, this.busyTargets()],
    );
    return rows[0];
  }

  /** Wakes at the next retry due (or the poll interval, whichever is sooner). */
  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const [row]: { next: Date | null }[] = await this.dataSource.query(
      `SELECT min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS next
       FROM webhook_deliveries WHERE status IN ('pending', 'retrying')`,
    );
    const now = this.options.schedule.now().getTime();
    const untilDue = row?.next ? Math.max(0, row.next.getTime() - now) : Number.POSITIVE_INFINITY;
    const delay = Math.min(this.options.pollIntervalMs, Math.max(untilDue, 50));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delay);
    this.timer.unref();
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = this.options.schedule.now();
    const outcome = await this.send(delivery, at);
    await this.record(delivery, at, outcome);
  }

  /** The address is checked again at every attempt, and the connection goes to that very address. */
  private async send(delivery: ClaimedDelivery, at: Date): Promise<AttemptOutcome> {
    let address;
    try {
      [address] = await resolveWebhookUrl(delivery.url, {
        allowPrivate: this.options.allowPrivateUrls,
        resolve: this.options.resolve,
      });
    } catch (error) {
      const refusal =
        error instanceof WebhookUrlRefusal ? error : new WebhookUrlRefusal('unresolvable', String(error));
      return {
        durationMs: 0,
        responseStatus: null,
        responseBody: null,
        error: (refusal.reason === 'refused'
          ? `Not sent: ${refusal.message}, an address webhooks may not reach`
          : `Not sent: ${refusal.message}`
        ).slice(0, 300),
      };
    }
    let signingSecret: string;
    try {
      signingSecret = await this.signingSecret(delivery);
    } catch {
      // Sealed with another CRM_ENCRYPTION_KEY: nothing can be signed until the key is right.
      this.logger.error(
        delivery.endpoint_id
          ? `the signing secret of webhook endpoint ${delivery.endpoint_id} does not open`
          : `the callback signing secret of organization ${delivery.organization_id} does not open`,
      );
      return {
        durationMs: 0,
        responseStatus: null,
        responseBody: null,
        error: 'Not sent: the signing secret cannot be read',
      };
    }
    return sendWebhook({
      url: delivery.url,
      address,
      eventId: toPublicId('event', delivery.event_id),
      body: delivery.request_body,
      signingSecret,
      timestamp: Math.floor(at.getTime() / 1000),
      timeoutMs: this.options.schedule.timeoutMs,
    });
  }

  /** The endpoint's secret; for a callback, its organization's (made now if this is the first). */
  private async signingSecret(delivery: ClaimedDelivery): Promise<string> {
    if (delivery.endpoint_id)
      return this.box.decrypt(delivery.signing_secret ?? '', webhookSecretContext(delivery.endpoint_id));
    if (delivery.signing_secret)
      return this.callbackSecrets.open(delivery.organization_id, delivery.signing_secret);
    return (await this.callbackSecrets.reveal(delivery.organization_id)).signingSecret;
  }

  /**
   * Keeps the attempt and moves the delivery on: 2xx succeeded (and a failing endpoint is active
   * again); else a retry at the next back-off, or, past the retry window, failed, and the endpoint
   * failing, with its owners told once, when it was active (a callback just fails).
   */
  private async record(delivery: ClaimedDelivery, at: Date, outcome: AttemptOutcome): Promise<void> {
    const succeeded =
      outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300;
    const ended = new Date(at.getTime() + outcome.durationMs);
    await this.dataSource.transaction(async (manager) => {
      const [current]: { attempt_count: number }[] = await manager.query(
        'SELECT attempt_count FROM webhook_deliveries WHERE id = $1 FOR UPDATE',
        [delivery.id],
      );
      if (!current) return; // the endpoint (or organization) was deleted meanwhile
      const attempt = current.attempt_count + 1;
      await manager.query(
        `INSERT INTO webhook_attempts (delivery_id, attempt, at, duration_ms, response_status, response_body, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          delivery.id,
          attempt,
          at,
          outcome.durationMs,
          outcome.responseStatus,
          outcome.responseBody,
          outcome.error,
        ],
      );
      if (succeeded) {
        await manager.query(
          `UPDATE webhook_deliveries SET status = 'succeeded', attempt_count = $2, next_attempt_at = NULL,
             lease_until = NULL WHERE id = $1`,
          [delivery.id, attempt],
        );
        if (delivery.endpoint_id) {
          await manager.query(
            `UPDATE webhook_endpoints SET status = 'active', failing_since = NULL, updated_at = now()
             WHERE id = $1 AND status = 'failing'`,
            [delivery.endpoint_id],
          );
        }
        return;
      }
      const next = nextAttemptAt(this.options.schedule, attempt, ended, delivery.retry_until);
      if (next) {
        await manager.query(
          `UPDATE webhook_deliveries SET status = 'retrying', attempt_count = $2, next_attempt_at = $3,
             lease_until = NULL WHERE id = $1`,
          [delivery.id, attempt, next],
        );
        return;
      }
      await manager.query(
        `UPDATE webhook_deliveries SET status = 'failed', attempt_count = $2, next_attempt_at = NULL,
           lease_until = NULL WHERE id = $1`,
        [delivery.id, attempt],
      );
      // A callback has no endpoint to mark failing: its log says it gave up.
      if (!delivery.endpoint_id) return;
      const [failing]: [{ url: string }[], number] = await manager.query(
        `UPDATE webhook_endpoints SET status = 'failing', failing_since = $2, updated_at = now()
         WHERE id = $1 AND status = 'active' RETURNING url`,
        [delivery.endpoint_id, ended],
      );
      if (failing.length > 0) {
        this.logger.warn(
          `webhook endpoint ${delivery.endpoint_id} is failing: a delivery gave up after its retry window`,
        );
        await enqueueCatalogEvent(manager, 'webhookEndpointFailing', {
          endpointId: delivery.endpoint_id,
          organizationId: delivery.organization_id,
          url: failing[0].url,
          failingSince: ended.toISOString(),
          lastError:
            outcome.error ?? (outcome.responseStatus !== null ? `HTTP ${outcome.responseStatus}` : null),
        });
      }
    });
  }
}
