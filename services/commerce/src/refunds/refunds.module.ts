import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { RefundsService } from './refunds.service';
import { StaffOrdersController } from './staff-orders.controller';

@Module({
  imports: [OrdersModule],
  controllers: [StaffOrdersController],
  providers: [RefundsService],
  exports: [RefundsService],
})
export class RefundsModule {}
