import { Inject, Injectable } from '@nestjs/common';
import type { WebhookEndpointFailingData } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersService } from '../users/users.service';
import { TICKET_MAIL_MAX_AGE_MS } from './ticket-mails.service';

/** Where the owners fix an endpoint: the dashboard's Developers tab, with its delivery log. */
export const DEVELOPERS_PAGE = '/dashboard/developers';

/**
 * crm tells when one of an organization's webhook endpoints goes failing (a delivery gave up after its
 * 24 hours of retries, ADR 0202); crm does not know the owners, identity does: each owner is mailed
 * once per endpoint going failing, in the transaction that records the event as processed.
 */
@Injectable()
export class WebhookMails {
  constructor(
    private readonly links: AccountLinksService,
    private readonly users: UsersService,
    private readonly organizations: OrganizationsService,
    @Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>,
  ) {}

  async endpointFailing(
    manager: EntityManager,
    data: WebhookEndpointFailingData,
    occurredAt: string,
  ): Promise<void> {
    if (Date.now() - Date.parse(occurredAt) > TICKET_MAIL_MAX_AGE_MS) return;
    const owners = await this.users.organizationOwners(manager, data.organizationId);
    if (owners.length === 0) return;
    const organizationName = await this.organizations.nameOf(data.organizationId);
    for (const owner of owners) {
      await this.links.requestMail(manager, owner.email, {
        template: 'webhook-endpoint-failing',
        name: owner.name,
        organizationName: organizationName ?? 'your organization',
        endpointUrl: data.url,
        link: `${this.config.auth.publicSiteUrl}${DEVELOPERS_PAGE}`,
      });
    }
  }
}
