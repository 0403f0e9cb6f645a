import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { splitDatabaseUrl } from '@portal/db-admin';
import { consumeCatalogEvents, type EventConsumer } from '@portal/events';
import type { DataSource } from 'typeorm';
import { OrdersService } from '../orders/orders.service';
import { PaymentIntentsService } from '../payments/payment-intents.service';
import { ACCOUNT_EVENTS_OPTIONS, type AccountEventsOptions } from './account-events';

/**
 * Anonymises a deleted account's orders on `portal.users.deleted`, and takes its user id out of their
 * PaymentIntents' metadata at Stripe, once per event (processed_events, in the same transaction); a
 * redelivered event finds no order of that user left. The durable name starts
 * with the database's name, so stacks sharing one NATS each handle it, while replicas share the work.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UserDeletedConsumer');
  private consumer: EventConsumer | undefined;

  constructor(
    @Inject(ACCOUNT_EVENTS_OPTIONS) private readonly options: AccountEventsOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly paymentIntents: PaymentIntentsService,
  ) {}

  onApplicationBootstrap(): void {
    const { natsUrl, databaseUrl, stream, subjectPrefix } = this.options;
    if (!natsUrl) {
      this.logger.warn("NATS_URL is not set: deleted accounts' orders are not anonymised");
      return;
    }
    const database = splitDatabaseUrl(databaseUrl).database.replace(/[^A-Za-z0-9_-]/g, '_');
    this.consumer = consumeCatalogEvents({
      dataSource: this.dataSource,
      natsUrl,
      stream,
      subjectPrefix,
      durable: `${database}_users_deleted`,
      handlers: {
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
      },
      logger: this.logger,
    });
    this.consumer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
