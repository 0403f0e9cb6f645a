import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { TicketsModule } from '../tickets/tickets.module';
import { AccountDataService } from './account-data.service';
import { AccountExportController } from './account-export.controller';
import { UserDeletedConsumer } from './user-deleted.consumer';

/** The account's data in support: its export, and its erasure when the account is deleted. */
@Module({
  imports: [TicketsModule],
  controllers: [AccountExportController],
  providers: [AccountDataService, ServiceConsumers, UserDeletedConsumer],
})
export class AccountModule {}
