import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { IntegrationsModule } from '../integrations/integrations.module';
import { KickoffModule } from '../kickoff/kickoff.module';
import { AccountDataService } from './account-data.service';
import { AccountExportController } from './account-export.controller';
import { LegacyIntegrationsConsumer } from './legacy-integrations.consumer';
import { UserDeletedConsumer } from './user-deleted.consumer';

/**
 * The account's data in crm: its export, its erasure when the account is deleted, and its integrations
 * and kickoff call of before organizations moved to its organization.
 */
@Module({
  imports: [IntegrationsModule, KickoffModule],
  controllers: [AccountExportController],
  providers: [AccountDataService, ServiceConsumers, UserDeletedConsumer, LegacyIntegrationsConsumer],
})
export class AccountModule {}
