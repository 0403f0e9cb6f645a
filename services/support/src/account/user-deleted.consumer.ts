import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { AccountDataService } from './account-data.service';

/**
 * Erases a deleted account's tickets (outside any organization, or all of its organization when that
 * went too) on `portal.users.deleted`, once per event (processed_events, in
 * the erasure's transaction); a redelivered event finds nothing left to erase. The durable name starts
 * with the database's name, so stacks sharing one NATS each erase, while replicas share the work.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly accountData: AccountDataService,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('UserDeletedConsumer'),
      "deleted accounts' tickets are not erased",
      (consume) => [
        consume('users_deleted', {
          userDeleted: ({ data }, { manager }) => this.accountData.erase(manager, data),
        }),
      ],
    );
  }
}
