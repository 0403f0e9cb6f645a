import {
  BadRequestException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type InboundEvent, inboundEventSchema, inboundMessages } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import { ZodValidationPipe } from '@portal/nest-http';
import type { DataSource, EntityManager } from 'typeorm';
import { SecretBox, SecretDecryptionError } from '@portal/auth';
import { isInboundSignatureValid } from './inbound-signature';
import type { IntegrationEntity } from './integration.entity';
import { openSigningSecret } from './integration-secrets';
import { IntegrationHealthService } from './integration-health.service';
import { IntegrationsService } from './integrations.service';

const FOREIGN_KEY_VIOLATION = '23503';

type EventOwner = Pick<IntegrationEntity, 'id' | 'customerId' | 'organizationId'>;

/** Unknown, malformed, deleted and disconnected integrations all answer the same. */
export const integrationUnavailable = () => new NotFoundException(inboundMessages.integrationUnavailable);

/** The event's own id, which makes a redelivery recognisable. */
const externalIdOf = (event: InboundEvent) =>
  event.type === 'call.completed' ? event.data.call_id : event.data.lead_id;

/** The portal event of each lead event a CRM posts. */
const customerLeadEvents = { 'lead.created': 'leadGenerated', 'lead.converted': 'leadConverted' } as const;

/** An event a connected CRM or dialer posted, as it arrived (an account's data export). */
export interface ReceivedEvent {
  integrationId: string;
  type: string;
  externalId: string;
  occurredAt: string;
  receivedAt: string;
  payload: unknown;
}

interface ReceivedEventRow {
  integration_id: string;
  type: string;
  external_id: string;
  occurred_at: Date;
  received_at: Date;
  payload: unknown;
}

/** Events posted by a connected CRM or dialer, authenticated by the integration's signing secret. */
@Injectable()
export class InboundEventsService {
  private readonly logger = new Logger('InboundEvents');
  private readonly validateEvent = new ZodValidationPipe(inboundEventSchema);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
    private readonly integrations: IntegrationsService,
    private readonly health: IntegrationHealthService,
  ) {}

  /** The events the customer's integrations posted, oldest first. */
  async listForCustomer(customerId: string): Promise<ReceivedEvent[]> {
    const rows: ReceivedEventRow[] = await this.dataSource.query(
      `SELECT integration_id, type, external_id, occurred_at, received_at, payload
       FROM integration_events WHERE customer_id = $1 ORDER BY occurred_at, id`,
      [customerId],
    );
    return rows.map((row) => ({
      integrationId: row.integration_id,
      type: row.type,
      externalId: row.external_id,
      occurredAt: row.occurred_at.toISOString(),
      receivedAt: row.received_at.toISOString(),
      payload: row.payload,
    }));
  }

  /**
   * Checks, in this order: the integration exists and is active (404), the signature covers these
   * exact bytes and is recent (401), the body is a valid event (400). Then records the event once
   * and, when it is new, queues its portal event in the same transaction. A refused delivery is kept
   * as the integration's last error, for staff (integrations' health).
   */
  async receive(
    integrationId: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ duplicate: boolean }> {
    try {
      return await this.receiveChecked(integrationId, rawBody, signature);
    } catch (error) {
      if (error instanceof HttpException) await this.health.recordRefusal(integrationId, error);
      throw error;
    }
  }

  private async receiveChecked(
    integrationId: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ duplicate: boolean }> {
    const integration = await this.integrations.findActiveWithSigningSecret(integrationId);
    if (!integration) throw integrationUnavailable();
    const secret = this.signingSecretOf(integration);
    if (!isInboundSignatureValid(signature, rawBody, secret, Math.floor(Date.now() / 1000))) {
      this.logger.warn(`event for integration ${integration.id} refused: invalid or missing signature`);
      throw new UnauthorizedException(inboundMessages.signatureInvalid);
    }
    const event = this.parse(rawBody);
    try {
      return await this.dataSource.transaction((manager) => this.record(manager, integration, event));
    } catch (error) {
      // Deleted between the lookup and the insert.
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) throw integrationUnavailable();
      throw error;
    }
  }

  /**
   * The integration's secret; a secret sealed under another key (CRM_ENCRYPTION_KEY was changed) is
   * the operator's to fix, and the sender is told to retry later rather than given a 500.
   */
  private signingSecretOf(integration: Pick<IntegrationEntity, 'id' | 'signingSecret'>): string {
    try {
      return openSigningSecret(this.secrets, integration.id, integration.signingSecret);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      this.logger.error(
        `integration ${integration.id}: ${error.message}; is CRM_ENCRYPTION_KEY the key it was sealed with?`,
      );
      throw new ServiceUnavailableException(inboundMessages.integrationUnreadable);
    }
  }

  private parse(rawBody: Buffer): InboundEvent {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new BadRequestException('The body must be a JSON event');
    }
    return this.validateEvent.transform(json, { type: 'body' }) as InboundEvent;
  }

  private async record(
    manager: EntityManager,
    integration: EventOwner,
    event: InboundEvent,
  ): Promise<{ duplicate: boolean }> {
    const occurredAt = event.occurred_at
      ? new Date(event.occurred_at).toISOString()
      : new Date().toISOString();
    const inserted: unknown[] = await manager.query(
      `INSERT INTO integration_events (integration_id, customer_id, type, external_id, occurred_at, payload)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (integration_id, type, external_id) DO NOTHING
       RETURNING id`,
      [
        integration.id,
        integration.customerId,
        event.type,
        externalIdOf(event),
        occurredAt,
        JSON.stringify(event),
      ],
    );
    if (inserted.length === 0) {
      this.logger.log(
        `${event.type} ${externalIdOf(event)} for integration ${integration.id} received before`,
      );
      return { duplicate: true };
    }
    const activity = {
      integrationId: integration.id,
      customerId: integration.customerId,
      organizationId: integration.organizationId,
      occurredAt,
    };
    if (event.type === 'call.completed') {
      await enqueueCatalogEvent(manager, 'callCompleted', {
        ...activity,
        callId: event.data.call_id,
        durationSeconds: event.data.duration,
        resolution: event.data.resolution || null,
        agentId: event.data.agent_id || null,
      });
    } else {
      await enqueueCatalogEvent(manager, customerLeadEvents[event.type], {
        ...activity,
        leadId: event.data.lead_id,
        source: event.data.source || null,
      });
    }
    return { duplicate: false };
  }
}
