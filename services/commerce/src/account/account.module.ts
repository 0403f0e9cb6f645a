import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { AccountExportController } from './account-export.controller';
import { UserDeletedConsumer } from './user-deleted.consumer';

/** The account's data in commerce: its export, and its orders' anonymisation when the account is deleted. */
@Module({
  imports: [OrdersModule, PaymentsModule],
  controllers: [AccountExportController],
  providers: [ServiceConsumers, UserDeletedConsumer],
})
export class AccountModule {}
