import { Module } from '@nestjs/common';
import { InvoicesService } from '../invoices/invoices.service';
import { OrganizationsModule } from '../organizations/organizations.module';
import { OrderDetailsService } from './order-details.service';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

@Module({
  imports: [OrganizationsModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrderDetailsService, InvoicesService],
  exports: [OrdersService, OrderDetailsService, InvoicesService],
})
export class OrdersModule {}
