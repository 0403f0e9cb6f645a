import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrdersService } from '../orders/orders.service';
import { PaymentIntentsService } from '../payments/payment-intents.service';

/**
 * Anonymises a deleted account's orders on `portal.users.deleted`, and takes its user id out of their
 * PaymentIntents' metadata at Stripe, once per event (processed_events, in the same transaction); a
 * redelivered event finds no order of that user left. The durable name starts
 * with the database's name, so stacks sharing one NATS each handle it, while replicas share the work.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger('UserDeletedConsumer');

  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly orders: OrdersService,
    private readonly paymentIntents: PaymentIntentsService,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(this.logger, "deleted accounts' orders are not anonymised", (consume) => [
      consume('users_deleted', {
        userDeleted: async ({ data }, { manager, deliveryCount, maxDeliver }) => {
          const intents = await this.orders.anonymiseForDeletedUser(manager, data);
          try {
            await this.paymentIntents.removeUserFrom(intents);
          } catch (error) {
            // Rolls the anonymisation back to try both again later; on the last delivery the orders
            // are anonymised anyway and the PaymentIntents named for the operator.
            if (deliveryCount < maxDeliver) throw error;
            this.logger.error(
              `deleted user ${data.userId}: Stripe still has their id in the metadata of ${intents.join(', ')}: ${(error as Error).message}`,
            );
          }
        },
      }),
    ]);
  }
}
