import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { IntegrationsModule } from '../integrations/integrations.module';
import { KickoffModule } from '../kickoff/kickoff.module';
import { AccountDataService } from './account-data.service';
import { AccountExportController } from './account-export.controller';
import { UserDeletedConsumer } from './user-deleted.consumer';

/** The account's data in crm: its export, and its erasure when the account is deleted. */
@Module({
  imports: [IntegrationsModule, KickoffModule],
  controllers: [AccountExportController],
  providers: [AccountDataService, ServiceConsumers, UserDeletedConsumer],
})
export class AccountModule {}
