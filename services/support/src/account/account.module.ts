import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { TicketsModule } from '../tickets/tickets.module';
import { AccountDataService } from './account-data.service';
import { AccountExportController } from './account-export.controller';
import { LegacyTicketsConsumer } from './legacy-tickets.consumer';
import { UserDeletedConsumer } from './user-deleted.consumer';

/**
 * The account's data in support: its export, its erasure when the account is deleted, and its tickets
 * of before organizations moved to its organization.
 */
@Module({
  imports: [TicketsModule],
  controllers: [AccountExportController],
  providers: [AccountDataService, ServiceConsumers, UserDeletedConsumer, LegacyTicketsConsumer],
})
export class AccountModule {}
