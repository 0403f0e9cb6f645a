import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import type { Integration, Kickoff, UserDeletedData } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { toIntegrationView } from '../integrations/integration-view';
import { IntegrationsService } from '../integrations/integrations.service';
import { KickoffService } from '../kickoff/kickoff.service';

/** An event a connected CRM or dialer posted for the account, as it arrived. */
export interface ExportedIntegrationEvent {
  integrationId: string;
  type: string;
  externalId: string;
  occurredAt: string;
  receivedAt: string;
  payload: unknown;
}

/**
 * What crm holds about one account: its integrations (never a secret), the events they posted, and
 * its kickoff call. The public forms (contact, newsletter, careers) are not the account's: they are
 * sent without signing in, under any address, so they are neither exported nor erased with it.
 */
export interface CrmAccountData {
  integrations: Integration[];
  integrationEvents: ExportedIntegrationEvent[];
  kickoffCall: Kickoff | null;
}

interface IntegrationEventRow {
  integration_id: string;
  type: string;
  external_id: string;
  occurred_at: Date;
  received_at: Date;
  payload: unknown;
}

/** "Export my data" and "Delete my account" for crm, always by the account's own user id. */
@Injectable()
export class AccountDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly integrations: IntegrationsService,
    private readonly kickoff: KickoffService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

  async export(user: Pick<AuthenticatedUser, 'id' | 'organizationId'>): Promise<CrmAccountData> {
    const [integrations, events, kickoffCall] = await Promise.all([
      this.integrations.listForCustomer(user.id),
      this.dataSource.query(
        `SELECT integration_id, type, external_id, occurred_at, received_at, payload
         FROM integration_events WHERE customer_id = $1 ORDER BY occurred_at, id`,
        [user.id],
      ) as Promise<IntegrationEventRow[]>,
      this.kickoff.findFor(user),
    ]);
    return {
      integrations: integrations.map((each) => toIntegrationView(each, this.config.publicSiteUrl)),
      integrationEvents: events.map((row) => ({
        integrationId: row.integration_id,
        type: row.type,
        externalId: row.external_id,
        occurredAt: row.occurred_at.toISOString(),
        receivedAt: row.received_at.toISOString(),
        payload: row.payload,
      })),
      kickoffCall,
    };
  }

  /**
   * Erases the account's integrations (their sealed secrets are columns of the row; their events go
   * with them) and a kickoff call it booked on its own; once its organisation is deleted too, that
   * organisation's integrations and kickoff call. Nothing is left to do the second time.
   */
  async erase(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    const organizationId = deleted.organizationDeleted ? deleted.organizationId : null;
    await manager.query(
      `DELETE FROM integration_events WHERE customer_id = $1
         OR integration_id IN (SELECT id FROM integrations WHERE organization_id = $2)`,
      [deleted.userId, organizationId],
    );
    await manager.query('DELETE FROM integrations WHERE customer_id = $1 OR organization_id = $2', [
      deleted.userId,
      organizationId,
    ]);
    await manager.query('DELETE FROM kickoff_calls WHERE owner_id = $1 OR owner_id = $2', [
      deleted.userId,
      organizationId,
    ]);
  }
}
