import { Module } from '@nestjs/common';
import { PackagesModule } from '../packages/packages.module';
import { RefundsModule } from '../refunds/refunds.module';
import { RefundRequestsService } from './refund-requests.service';
import { StaffRefundRequestsController } from './staff-refund-requests.controller';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Subscriptions of paid packages, their changes, cancellations and money-back requests (ADR 0233). */
@Module({
  imports: [PackagesModule, RefundsModule],
  controllers: [SubscriptionsController, StaffRefundRequestsController],
  providers: [SubscriptionsService, RefundRequestsService],
})
export class SubscriptionsModule {}
