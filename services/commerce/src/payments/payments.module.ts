import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { PackagesModule } from '../packages/packages.module';
import { OrderPlacementService } from './order-placement.service';
import { PaymentIntentsController } from './payment-intents.controller';
import { PaymentIntentsService } from './payment-intents.service';

@Module({
  imports: [OrdersModule, PackagesModule],
  controllers: [PaymentIntentsController],
  providers: [PaymentIntentsService, OrderPlacementService],
  exports: [PaymentIntentsService],
})
export class PaymentsModule {}
