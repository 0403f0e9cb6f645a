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
import { ACCOUNT_EVENTS_OPTIONS, type AccountEventsOptions } from './account-events';

/**
 * Anonymises a deleted account's orders on `portal.users.deleted`, once per event (processed_events, in
 * the same transaction); a redelivered event finds no order of that user left. The durable name starts
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
        userDeleted: async ({ data }, { manager }) => {
          const orders = await this.orders.anonymiseForDeletedUser(manager, data);
          if (orders > 0) this.logger.log(`${orders} orders of deleted user ${data.userId} anonymised`);
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
