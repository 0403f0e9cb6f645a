import { HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrganizationIntegrationHealth, StaffIntegrationHealth } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { toStaffIntegrationView } from './integration-view';
import { IntegrationEntity } from './integration.entity';

/** How long a refused delivery's message may be in `integrations.last_error_message`. */
const ERROR_MESSAGE_MAX_LENGTH = 300;

interface HealthRow {
  id: string;
  last_event_at: Date | null;
  last_event_type: string | null;
  last_error_at: Date | null;
  last_error_status: number | null;
  last_error_message: string | null;
}

interface OrganizationHealthRow {
  organization_id: string;
  configured: number;
  active: number;
  last_event_at: Date | null;
  error_integration_id: string | null;
  last_error_at: Date | null;
  last_error_status: number | null;
  last_error_message: string | null;
}

/** The message an exception answered the sender with (`{ statusCode, message }`). */
function messageOf(error: HttpException): string {
  const body = error.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  const text = Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
  return text.slice(0, ERROR_MESSAGE_MAX_LENGTH);
}

/**
 * Integrations' health for staff (ADR 0193): the newest event each integration delivered, and the last
 * delivery crm refused, which the inbound route records here.
 */
@Injectable()
export class IntegrationHealthService {
  private readonly logger = new Logger('IntegrationHealth');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps a refused delivery as the integration's last error (nothing for an unknown id). Never fails
   * the request it comes from: a failure to record is logged.
   */
  async recordRefusal(integrationId: string, error: HttpException): Promise<void> {
    try {
      await this.dataSource.query(
        `UPDATE integrations SET last_error_at = now(), last_error_status = $2, last_error_message = $3
         WHERE id = $1`,
        [integrationId, error.getStatus(), messageOf(error)],
      );
    } catch (failure) {
      this.logger.error(`could not record a refused delivery of integration ${integrationId}: ${String(failure)}`);
    }
  }

  /** The organization's integrations with their health, by name. */
  async listForOrganization(organizationId: string, siteUrl: string): Promise<StaffIntegrationHealth[]> {
    const integrations = await this.dataSource.getRepository(IntegrationEntity).find({
      where: { organizationId },
      order: { name: 'ASC', id: 'ASC' },
    });
    if (integrations.length === 0) return [];
    const rows: HealthRow[] = await this.dataSource.query(
      `SELECT i.id, e.received_at AS last_event_at, e.type AS last_event_type,
              i.last_error_at, i.last_error_status, i.last_error_message
       FROM integrations i
       LEFT JOIN LATERAL (
         SELECT received_at, type FROM integration_events
         WHERE integration_id = i.id ORDER BY received_at DESC LIMIT 1
       ) e ON true
       WHERE i.organization_id = $1`,
      [organizationId],
    );
    const health = new Map(rows.map((row) => [row.id, row]));
    return integrations.map((integration) => {
      const row = health.get(integration.id);
      return {
        ...toStaffIntegrationView(integration, siteUrl),
        lastEvent:
          row?.last_event_at && row.last_event_type
            ? { at: row.last_event_at.toISOString(), type: row.last_event_type }
            : null,
        lastError:
          row?.last_error_at && row.last_error_status !== null && row.last_error_message !== null
            ? { at: row.last_error_at.toISOString(), status: row.last_error_status, message: row.last_error_message }
            : null,
      };
    });
  }

  /** One row per organization asked for, in the order asked (zeros and nulls when it has none). */
  async summarize(organizationIds: string[]): Promise<OrganizationIntegrationHealth[]> {
    const ids = [...new Set(organizationIds)];
    const rows: OrganizationHealthRow[] = await this.dataSource.query(
      `SELECT o.organization_id,
              count(i.id)::int AS configured,
              count(i.id) FILTER (WHERE i.is_active)::int AS active,
              max(e.last_event_at) AS last_event_at,
              err.id AS error_integration_id, err.last_error_at, err.last_error_status, err.last_error_message
       FROM unnest($1::uuid[]) AS o (organization_id)
       LEFT JOIN integrations i ON i.organization_id = o.organization_id
       LEFT JOIN LATERAL (
         SELECT max(received_at) AS last_event_at FROM integration_events WHERE integration_id = i.id
       ) e ON true
       LEFT JOIN LATERAL (
         SELECT id, last_error_at, last_error_status, last_error_message FROM integrations
         WHERE organization_id = o.organization_id AND last_error_at IS NOT NULL
         ORDER BY last_error_at DESC LIMIT 1
       ) err ON true
       GROUP BY o.organization_id, err.id, err.last_error_at, err.last_error_status, err.last_error_message`,
      [ids],
    );
    const byOrganization = new Map(rows.map((row) => [row.organization_id, row]));
    return ids.map((organizationId) => {
      const row = byOrganization.get(organizationId);
      return {
        organizationId,
        configured: row?.configured ?? 0,
        active: row?.active ?? 0,
        lastEventAt: row?.last_event_at?.toISOString() ?? null,
        lastError:
          row?.error_integration_id && row.last_error_at && row.last_error_status !== null && row.last_error_message
            ? {
                integrationId: row.error_integration_id,
                at: row.last_error_at.toISOString(),
                status: row.last_error_status,
                message: row.last_error_message,
              }
            : null,
      };
    });
  }
}
