import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { CallbackEventType, EventEnvelope, V1Ticket, WebhookEventType } from '@portal/contracts';
import { ServiceConsumers } from '@portal/events';
import type { EntityManager } from 'typeorm';
import { callCompletedBody, ticketCallbackBody, ticketCreatedBody } from './webhook-payloads';
import { WEBHOOK_DELIVERIES_CHANNEL, WEBHOOK_OPTIONS, type WebhookOptions } from './webhook-options';

/** An endpoint created more than this after an event (a clock a little ahead) does not get it. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Turns the catalog's `portal.tickets.created` and `portal.calls.completed` into deliveries
 * (`ticket.created`, `call.completed`) for every endpoint of the event's organization that subscribes
 * to it and is not disabled; and a ticket's changes (`portal.tickets.updated`, `.closed`, `.reopened`,
 * staff's `.replied`) that carry its API view with a `callback_url` into one delivery to that URL
 * (`ticket.updated`, `ticket.replied`: ADR 0206). Each in the transaction that records the event as
 * processed, so a redelivered event adds nothing (and the unique keys hold whatever happens). Durable
 * consumers named after the database: replicas share the work, stacks sharing one NATS each deliver.
 */
@Injectable()
export class WebhookEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('WebhookEventsConsumer'),
      'no webhook is delivered from events',
      (consume) => [
        consume('webhooks_tickets', {
          ticketCreated: (event, { manager }) =>
            this.deliver(manager, event, event.data.organizationId, 'ticket.created', () =>
              ticketCreatedBody(event),
            ),
        }),
        consume('webhooks_calls', {
          callCompleted: (event, { manager }) =>
            this.deliver(manager, event, event.data.organizationId, 'call.completed', () =>
              callCompletedBody(event),
            ),
        }),
        // A ticket opened through the API with a callback_url: its changes and staff's replies (ADR 0206).
        consume('webhooks_callbacks', {
          ticketUpdated: (event, { manager }) => this.callBack(manager, event, 'ticket.updated'),
          ticketClosed: (event, { manager }) => this.callBack(manager, event, 'ticket.updated'),
          ticketReopened: (event, { manager }) => this.callBack(manager, event, 'ticket.updated'),
          ticketReplied: (event, { manager }) =>
            event.data.author === 'staff'
              ? this.callBack(manager, event, 'ticket.replied')
              : Promise.resolve(),
        }),
      ],
    );
  }

  private async callBack(
    manager: EntityManager,
    event: EventEnvelope<{ organizationId: string | null; apiTicket?: V1Ticket }>,
    type: CallbackEventType,
  ): Promise<void> {
    const { organizationId, apiTicket: ticket } = event.data;
    if (!organizationId || !ticket?.callback_url) return;
    const now = this.options.schedule.now();
    if (now.getTime() - Date.parse(event.occurredAt) > this.options.schedule.retryWindowMs) return;
    await insertCallbackDelivery(manager, {
      organizationId,
      eventId: event.id,
      eventType: type,
      callbackUrl: ticket.callback_url,
      body: ticketCallbackBody(event, type, ticket),
      now,
      retryUntil: new Date(now.getTime() + this.options.schedule.retryWindowMs),
    });
  }

  private async deliver(
    manager: EntityManager,
    event: EventEnvelope,
    organizationId: string | null,
    type: WebhookEventType,
    body: () => string,
  ): Promise<void> {
    if (!organizationId) return;
    const now = this.options.schedule.now();
    const occurredAt = Date.parse(event.occurredAt);
    // A consumer created on a stream with history would deliver events long past any retry window.
    if (now.getTime() - occurredAt > this.options.schedule.retryWindowMs) return;
    await insertDeliveries(manager, {
      organizationId,
      eventId: event.id,
      eventType: type,
      body: body(),
      now,
      retryUntil: new Date(now.getTime() + this.options.schedule.retryWindowMs),
      endpointsCreatedBy: new Date(occurredAt + CLOCK_SKEW_MS),
    });
  }
}

/**
 * One delivery of the event for each endpoint of the organization subscribed to its type and not
 * disabled (or for `endpointId` alone), due now; a NOTIFY wakes every replica's worker on commit.
 * The ids of the deliveries added (none for an event already delivered to them).
 */
export async function insertDeliveries(
  manager: EntityManager,
  delivery: {
    organizationId: string;
    eventId: string;
    eventType: string;
    body: string;
    now: Date;
    retryUntil: Date;
    /** Only endpoints created by then (events are not delivered to endpoints created after them). */
    endpointsCreatedBy?: Date;
    /** One endpoint, whatever it subscribes to ('Send test event'). */
    endpointId?: string;
  },
): Promise<string[]> {
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO webhook_deliveries
       (endpoint_id, organization_id, event_id, event_type, request_body, status, next_attempt_at, retry_until, created_at)
     SELECT e.id, e.organization_id, $2::uuid, $3::text, $4::text, 'pending', $5::timestamptz, $6::timestamptz, $5::timestamptz
     FROM webhook_endpoints e
     WHERE e.organization_id = $1::uuid AND e.status <> 'disabled'
       AND ($8::uuid IS NULL AND $3::text = ANY (e.events) OR e.id = $8::uuid)
       AND ($7::timestamptz IS NULL OR e.created_at <= $7::timestamptz)
     ON CONFLICT (endpoint_id, event_id) DO NOTHING
     RETURNING id`,
    [
      delivery.organizationId,
      delivery.eventId,
      delivery.eventType,
      delivery.body,
      delivery.now,
      delivery.retryUntil,
      delivery.endpointsCreatedBy ?? null,
      delivery.endpointId ?? null,
    ],
  );
  if (rows.length > 0) await manager.query(`SELECT pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '')`);
  return rows.map((row) => row.id);
}

/**
 * The delivery of an event to its ticket's callback URL, due now, unless that event has one already
 * (UNIQUE event_id among callbacks); a NOTIFY wakes the workers on commit. Its id, or undefined.
 */
export async function insertCallbackDelivery(
  manager: EntityManager,
  delivery: {
    organizationId: string;
    eventId: string;
    eventType: string;
    callbackUrl: string;
    body: string;
    now: Date;
    retryUntil: Date;
  },
): Promise<string | undefined> {
  const [row]: { id: string }[] = await manager.query(
    `INSERT INTO webhook_deliveries
       (organization_id, callback_url, event_id, event_type, request_body, status, next_attempt_at, retry_until, created_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $6)
     ON CONFLICT (event_id) WHERE endpoint_id IS NULL DO NOTHING
     RETURNING id`,
    [
      delivery.organizationId,
      delivery.callbackUrl,
      delivery.eventId,
      delivery.eventType,
      delivery.body,
      delivery.now,
      delivery.retryUntil,
    ],
  );
  if (row) await manager.query(`SELECT pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '')`);
  return row?.id;
}

/**
 * A deleted organization's endpoints (with their deliveries and attempts: the foreign keys cascade),
 * its callbacks and their secret, and the answers kept for its API keys' `Idempotency-Key`s.
 */
export async function eraseOrganizationWebhooks(
  manager: EntityManager,
  organizationId: string,
): Promise<void> {
  await manager.query('DELETE FROM webhook_endpoints WHERE organization_id = $1', [organizationId]);
  await manager.query('DELETE FROM webhook_deliveries WHERE organization_id = $1', [organizationId]);
  await manager.query('DELETE FROM webhook_callback_secrets WHERE organization_id = $1', [organizationId]);
  await manager.query('DELETE FROM idempotency_keys WHERE organization_id = $1', [organizationId]);
}
