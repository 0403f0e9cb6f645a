import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { AccountExportController } from './account-export.controller';
import { LegacyOrdersConsumer } from './legacy-orders.consumer';
import { UserDeletedConsumer } from './user-deleted.consumer';

/**
 * The account's data in commerce: its export, its orders' anonymisation when the account is deleted,
 * and its orders of before organizations moved to its organization.
 */
@Module({
  imports: [OrdersModule, PaymentsModule],
  controllers: [AccountExportController],
  providers: [ServiceConsumers, UserDeletedConsumer, LegacyOrdersConsumer],
})
export class AccountModule {}
