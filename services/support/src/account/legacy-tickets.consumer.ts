import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { TicketsService } from '../tickets/tickets.service';

/**
 * Moves a user's tickets of before organizations owned data to the organization identity made them
 * the owner of, on `portal.memberships.changed` with `claimsLegacyData` (ADR 0184); any other
 * membership change is acknowledged untouched. Once per event (processed_events, in the same
 * transaction), and the update only takes tickets without an organization, so a second delivery or a
 * second claim changes nothing.
 */
@Injectable()
export class LegacyTicketsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly tickets: TicketsService,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('LegacyTicketsConsumer'),
      'tickets of before organizations are not moved to their organization',
      (consume) => [
        consume('memberships_changed', {
          membershipChanged: async ({ data }, { manager }) => {
            if (data.claimsLegacyData) await this.tickets.claimLegacy(manager, data);
          },
        }),
      ],
    );
  }
}
