import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/auth';
import type { Integration, Kickoff, UserDeletedData } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { CRM_CONFIG, type CrmConfig } from '../config';
import { InboundEventsService, type ReceivedEvent } from '../integrations/inbound-events.service';
import { toIntegrationView } from '../integrations/integration-view';
import { IntegrationsService } from '../integrations/integrations.service';
import { KickoffService } from '../kickoff/kickoff.service';
import { eraseOrganizationWebhooks } from '../webhooks/webhook-events.consumer';

/**
 * What crm holds about one account: its integrations (never a secret), the events they posted, and
 * its kickoff call. The public forms (contact, newsletter, careers) are not the account's: they are
 * sent without signing in, under any address, so they are neither exported nor erased with it.
 */
export interface CrmAccountData {
  integrations: Integration[];
  integrationEvents: ReceivedEvent[];
  kickoffCall: Kickoff | null;
}

/**
 * "Export my data" and "Delete my account" for crm: the export by the account's own user id (the
 * integrations it connected, in any organisation), the kickoff call of its current organisation.
 */
@Injectable()
export class AccountDataService {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly inboundEvents: InboundEventsService,
    private readonly kickoff: KickoffService,
    @Inject(CRM_CONFIG) private readonly config: Pick<CrmConfig, 'publicSiteUrl'>,
  ) {}

  async export(user: Pick<AuthenticatedUser, 'id' | 'organizationId'>): Promise<CrmAccountData> {
    const [integrations, integrationEvents, kickoffCall] = await Promise.all([
      this.integrations.listForCustomer(user.id),
      this.inboundEvents.listForCustomer(user.id),
      this.kickoff.findFor(user),
    ]);
    return {
      integrations: integrations.map((each) => toIntegrationView(each, this.config.publicSiteUrl)),
      integrationEvents,
      kickoffCall,
    };
  }

  /**
   * Erases the integrations the account connected outside any organisation (with their sealed secrets
   * and the events they posted) and a kickoff call it booked on its own; once its organisation is
   * deleted too, that organisation's integrations, kickoff call and webhook endpoints (with their
   * delivery logs). The integrations and kickoff call
   * of an organisation that remains stay its own, still naming the member who set them up (ADR 0184).
   */
  async erase(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    const organizationId = deleted.organizationDeleted ? deleted.organizationId : null;
    await this.integrations.eraseForDeletedAccount(manager, deleted.userId, organizationId);
    await this.kickoff.eraseForDeletedAccount(manager, deleted.userId, organizationId);
    if (organizationId) await eraseOrganizationWebhooks(manager, organizationId);
  }
}
