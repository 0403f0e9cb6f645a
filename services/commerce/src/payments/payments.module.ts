import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { PackagesModule } from '../packages/packages.module';
import { OrderPlacementService } from './order-placement.service';
import { PaymentIntentsController } from './payment-intents.controller';
import { PaymentIntentsService } from './payment-intents.service';
import { PaymentOutcomesService } from './payment-outcomes.service';
import { UnpaidOrdersSweep } from './unpaid-orders-sweep.service';

@Module({
  imports: [OrdersModule, PackagesModule],
  controllers: [PaymentIntentsController],
  providers: [PaymentIntentsService, OrderPlacementService, PaymentOutcomesService, UnpaidOrdersSweep],
  exports: [PaymentIntentsService, PaymentOutcomesService],
})
export class PaymentsModule {}
