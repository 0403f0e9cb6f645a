import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SecretBox } from '@portal/auth';
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  toPublicId,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookMessages,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor, keysetTimeText } from '@portal/db';
import type { DataSource, EntityManager } from 'typeorm';
import { insertDeliveries } from './webhook-events.consumer';
import {
  newWebhookSecret,
  WEBHOOK_OPTIONS,
  type WebhookOptions,
  webhookSecretContext,
} from './webhook-options';
import { testEventBody } from './webhook-payloads';
import { resolveWebhookUrl, WebhookUrlRefusal } from '@portal/nest-http';
import { WebhookWorker } from './webhook-worker';

export const endpointNotFound = () => new NotFoundException(webhookMessages.endpointNotFound);
export const deliveryNotFound = () => new NotFoundException(webhookMessages.deliveryNotFound);

/**
 * Whose deliveries: an endpoint's (its id), or the organization's tickets' callbacks (null, ADR 0206).
 * As SQL, `$n` being that id: `($n::uuid IS NULL AND endpoint_id IS NULL OR endpoint_id = $n::uuid)`.
 */
type DeliveryTarget = string | null;
const targetIs = (param: string) =>
  `(${param}::uuid IS NULL AND endpoint_id IS NULL OR endpoint_id = ${param}::uuid)`;

/** The fields a create or update carries once validated by the contracts' schemas. */
type EndpointFields = { url: string; events: WebhookEventType[]; description?: string };
type EndpointChanges = Partial<EndpointFields> & { enabled?: boolean };

interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  status: WebhookEndpoint['status'];
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string | null;
  callback_url: string | null;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  created_at: Date;
  created_at_key: string;
  next_attempt_at: Date | null;
  request_body: string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date;
  duration_ms: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

const ENDPOINT_COLUMNS = 'id, url, events, description, status, failing_since, created_at, updated_at';
const DELIVERY_COLUMNS = `id, endpoint_id, callback_url, event_id, event_type, status, created_at,
  ${keysetTimeText('created_at')} AS created_at_key, next_attempt_at, request_body`;

const toEndpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  status: row.status,
  failingSince: row.failing_since?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toAttemptView = (row: AttemptRow): WebhookAttempt => ({
  attempt: row.attempt,
  at: row.at.toISOString(),
  durationMs: row.duration_ms,
  responseStatus: row.response_status,
  responseBody: row.response_body,
  error: row.error,
});

/**
 * The Developers page's webhooks (ADR 0202): an organization's endpoints, their delivery log, 'Send
 * test event' and 'Resend'. Every query names the caller's organization: another one's endpoint or
 * delivery is not found.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
    private readonly box: SecretBox,
    private readonly worker: WebhookWorker,
  ) {}

  async list(organizationId: string): Promise<WebhookEndpoint[]> {
    const rows: EndpointRow[] = await this.dataSource.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 ORDER BY created_at, id`,
      [organizationId],
    );
    return rows.map(toEndpointView);
  }

  /** One endpoint of the organization; another organization's is not found. */
  async get(organizationId: string, id: string): Promise<WebhookEndpoint> {
    return toEndpointView(await this.endpoint(this.dataSource.manager, organizationId, id));
  }

  /** Creates an endpoint, in `within` (a caller's transaction, e.g. an idempotent POST's) or its own. */
  async create(
    organizationId: string,
    createdBy: string,
    fields: EndpointFields,
    within?: EntityManager,
  ): Promise<CreatedWebhookEndpoint> {
    await this.checkUrl(fields.url);
    const id = randomUUID();
    const signingSecret = newWebhookSecret();
    const inTransaction = <T>(work: (manager: EntityManager) => Promise<T>) =>
      within ? work(within) : this.dataSource.transaction(work);
    const row = await inTransaction(async (manager) => {
      // One organization's creations take turns, so two at once cannot pass the limit together.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `webhook_endpoints:${organizationId}`,
      ]);
      const [{ count }]: { count: number }[] = await manager.query(
        'SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1',
        [organizationId],
      );
      if (count >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION)
        throw new ConflictException(webhookMessages.tooManyEndpoints);
      const [created]: EndpointRow[] = await manager.query(
        `INSERT INTO webhook_endpoints (id, organization_id, url, events, description, signing_secret, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ENDPOINT_COLUMNS}`,
        [
          id,
          organizationId,
          fields.url,
          fields.events,
          fields.description || null,
          this.box.encrypt(signingSecret, webhookSecretContext(id)),
          createdBy,
        ],
      );
      return created;
    });
    return { ...toEndpointView(row), signingSecret };
  }

  async update(organizationId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
    if (changes.url !== undefined) await this.checkUrl(changes.url);
    const status = changes.enabled === undefined ? null : changes.enabled ? 'active' : 'disabled';
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [rows]: [EndpointRow[], number] = await this.dataSource.query(
      `UPDATE webhook_endpoints SET
         url = coalesce($3, url),
         events = coalesce($4, events),
         description = CASE WHEN $5::boolean THEN $6 ELSE description END,
         status = coalesce($7::text, status),
         failing_since = CASE WHEN $7::text IS NULL THEN failing_since ELSE NULL END,
         updated_at = now()
       WHERE organization_id = $1 AND id = $2
       RETURNING ${ENDPOINT_COLUMNS}`,
      [
        organizationId,
        id,
        changes.url ?? null,
        changes.events ?? null,
        changes.description !== undefined,
        changes.description || null,
        status,
      ],
    );
    if (!rows[0]) throw endpointNotFound();
    // Deliveries that waited while it was disabled are due again.
    if (status === 'active') this.worker.wake();
    return toEndpointView(rows[0]);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      'DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2',
      [organizationId, id],
    );
    if (affected === 0) throw endpointNotFound();
  }

  /** 'Send test event': a `webhook.test` delivery of an event of its own, due now. */
  async sendTest(organizationId: string, endpointId: string): Promise<WebhookDelivery> {
    const queued = await this.dataSource.transaction(async (manager) => {
      await this.enabledEndpoint(manager, organizationId, endpointId);
      const now = this.options.schedule.now();
      const eventId = randomUUID();
      const [id] = await insertDeliveries(manager, {
        organizationId,
        eventId,
        eventType: 'webhook.test',
        body: testEventBody(eventId, now.toISOString(), endpointId),
        now,
        retryUntil: new Date(now.getTime() + this.options.schedule.retryWindowMs),
        endpointId,
      });
      // Read before the commit's NOTIFY lets a worker send it: the answer shows what was queued.
      return this.delivery(organizationId, endpointId, id, manager);
    });
    this.worker.wake();
    return queued;
  }

  /**
   * 'Resend': one more attempt now of the same event id and body. A delivery past its retry window
   * gets that one attempt (then it is failed again); one inside it goes on retrying. A delivery whose
   * attempt is in flight is left to it.
   */
  async resend(
    organizationId: string,
    endpointId: DeliveryTarget,
    deliveryId: string,
  ): Promise<WebhookDelivery> {
    const queued = await this.dataSource.transaction(async (manager) => {
      if (endpointId) await this.enabledEndpoint(manager, organizationId, endpointId);
      const now = this.options.schedule.now();
      const [, affected]: [unknown, number] = await manager.query(
        `UPDATE webhook_deliveries SET
           status = CASE WHEN status IN ('pending', 'retrying') THEN status ELSE 'pending' END,
           next_attempt_at = $4, retry_until = greatest(retry_until, $4)
         WHERE organization_id = $1 AND ${targetIs('$2')} AND id = $3`,
        [organizationId, endpointId, deliveryId, now],
      );
      if (affected === 0) throw deliveryNotFound();
      await manager.query("SELECT pg_notify('crm_webhook_deliveries', '')");
      return this.delivery(organizationId, endpointId, deliveryId, manager);
    });
    this.worker.wake();
    return queued;
  }

  /** The endpoint's (or the callbacks') deliveries, newest first, `WEBHOOK_DELIVERIES_PAGE_SIZE` a page. */
  async deliveries(
    organizationId: string,
    endpointId: DeliveryTarget,
    /** The query's `before`: a cursor of an earlier page, or anything else a client sent. */
    before?: unknown,
  ): Promise<WebhookDeliveryPage> {
    if (before !== undefined && typeof before !== 'string') {
      throw new BadRequestException(webhookMessages.cursorInvalid);
    }
    const cursor = before === undefined ? undefined : decodeKeysetCursor(before);
    if (cursor === null) throw new BadRequestException(webhookMessages.cursorInvalid);
    if (endpointId) await this.endpoint(this.dataSource.manager, organizationId, endpointId);
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
       WHERE organization_id = $1 AND ${targetIs('$2')}
         AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
       ORDER BY created_at DESC, id DESC
       LIMIT ${WEBHOOK_DELIVERIES_PAGE_SIZE + 1}`,
      [organizationId, endpointId, cursor?.at ?? null, cursor?.id ?? null],
    );
    const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: await this.withAttempts(page),
      nextCursor:
        rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE && last
          ? encodeKeysetCursor({ at: last.created_at_key, id: last.id })
          : null,
    };
  }

  /** One delivery of the organization's endpoint (or callbacks), with its attempts. */
  async delivery(
    organizationId: string,
    endpointId: DeliveryTarget,
    deliveryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WebhookDelivery> {
    const rows: DeliveryRow[] = await manager.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
       WHERE organization_id = $1 AND ${targetIs('$2')} AND id = $3`,
      [organizationId, endpointId, deliveryId],
    );
    const [delivery] = await this.withAttempts(rows, manager);
    if (!delivery) throw deliveryNotFound();
    return delivery;
  }

  private async withAttempts(
    rows: DeliveryRow[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const attempts: AttemptRow[] = await manager.query(
      `SELECT delivery_id, attempt, at, duration_ms, response_status, response_body, error
       FROM webhook_attempts WHERE delivery_id = ANY ($1::uuid[]) ORDER BY delivery_id, attempt`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpoint_id,
      callbackUrl: row.callback_url,
      eventId: toPublicId('event', row.event_id),
      eventType: row.event_type,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
      requestBody: row.request_body,
      attempts: attempts.filter((attempt) => attempt.delivery_id === row.id).map(toAttemptView),
    }));
  }

  private async endpoint(manager: EntityManager, organizationId: string, id: string): Promise<EndpointRow> {
    const [row]: EndpointRow[] = await manager.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    if (!row) throw endpointNotFound();
    return row;
  }

  private async enabledEndpoint(
    manager: EntityManager,
    organizationId: string,
    id: string,
  ): Promise<EndpointRow> {
    const row = await this.endpoint(manager, organizationId, id);
    if (row.status === 'disabled') throw new ConflictException(webhookMessages.endpointDisabled);
    return row;
  }

  /** 400 with the contracts' words when the URL's host is unresolvable or reaches a refused address. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await resolveWebhookUrl(url, {
        allowPrivate: this.options.allowPrivateUrls,
        resolve: this.options.resolve,
      });
    } catch (error) {
      if (!(error instanceof WebhookUrlRefusal)) throw error;
      throw new BadRequestException(
        error.reason === 'refused' ? webhookMessages.urlRefused : webhookMessages.urlUnresolvable,
      );
    }
  }
}

export type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest };
