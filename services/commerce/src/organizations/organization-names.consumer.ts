import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrganizationNames } from './organization-names.service';

/**
 * Keeps `organization_names` from identity's events, once per event (processed_events, in the same
 * transaction): a new organization's name on `portal.organizations.created`, its erasure on
 * `portal.users.deleted` when the organization went with the account. Two durables (one subject
 * filter each), both new, so both read the stream from its start: every organization of the install
 * is learnt, and an erasure holds whichever of the two events is handled first.
 */
@Injectable()
export class OrganizationNamesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly names: OrganizationNames,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('OrganizationNamesConsumer'),
      'invoices name organizations by id only',
      (consume) => [
        consume('organization_names', {
          organizationCreated: ({ data }, { manager }) =>
            this.names.remember(manager, data.organizationId, data.name),
        }),
        consume('organization_names_erased', {
          userDeleted: async ({ data }, { manager }) => {
            if (data.organizationDeleted && data.organizationId)
              await this.names.erase(manager, data.organizationId, data.deletedAt);
          },
        }),
      ],
    );
  }
}
