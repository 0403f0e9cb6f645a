import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { IntegrationsService } from '../integrations/integrations.service';
import { KickoffService } from '../kickoff/kickoff.service';

/**
 * Moves a user's integrations (with the events they received) and kickoff call of before
 * organizations owned data to the organization identity made them the owner of, on
 * `portal.memberships.changed` with `claimsLegacyData` (ADR 0184); any other membership change is
 * acknowledged untouched. Once per event (processed_events, in the same transaction), and the updates
 * only take rows without an organization, so a second delivery or a second claim changes nothing.
 */
@Injectable()
export class LegacyIntegrationsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly integrations: IntegrationsService,
    private readonly kickoff: KickoffService,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('LegacyIntegrationsConsumer'),
      'integrations of before organizations are not moved to their organization',
      (consume) => [
        consume('memberships_changed', {
          membershipChanged: async ({ data }, { manager }) => {
            if (!data.claimsLegacyData) return;
            await this.integrations.claimLegacy(manager, data);
            await this.kickoff.claimLegacy(manager, data);
          },
        }),
      ],
    );
  }
}
