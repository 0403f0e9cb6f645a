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
import { AccountDataService } from './account-data.service';
import { ACCOUNT_EVENTS_OPTIONS, type AccountEventsOptions } from './account-events';

/**
 * Erases a deleted account's integrations and kickoff call on `portal.users.deleted`, once per event
 * (processed_events, in the erasure's transaction); a redelivered event finds nothing left. The
 * durable name starts with the database's name, so stacks sharing one NATS each erase, while replicas
 * share the work.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UserDeletedConsumer');
  private consumer: EventConsumer | undefined;

  constructor(
    @Inject(ACCOUNT_EVENTS_OPTIONS) private readonly options: AccountEventsOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accountData: AccountDataService,
  ) {}

  onApplicationBootstrap(): void {
    const { natsUrl, databaseUrl, stream, subjectPrefix } = this.options;
    if (!natsUrl) {
      this.logger.warn("NATS_URL is not set: deleted accounts' integrations are not erased");
      return;
    }
    const database = splitDatabaseUrl(databaseUrl).database.replace(/[^A-Za-z0-9_-]/g, '_');
    this.consumer = consumeCatalogEvents({
      dataSource: this.dataSource,
      natsUrl,
      stream,
      subjectPrefix,
      durable: `${database}_users_deleted`,
      handlers: { userDeleted: ({ data }, { manager }) => this.accountData.erase(manager, data) },
      logger: this.logger,
    });
    this.consumer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
