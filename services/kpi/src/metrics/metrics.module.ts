import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { KpiConsumers } from '../events/kpi-consumers';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({
  controllers: [MetricsController],
  providers: [MetricsService, OrganizationTimezones, ServiceConsumers, KpiConsumers],
  exports: [MetricsService, OrganizationTimezones],
})
export class MetricsModule {}
