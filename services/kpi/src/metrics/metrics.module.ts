import { Module } from '@nestjs/common';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { KpiConsumers } from '../events/kpi-consumers';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({
  controllers: [MetricsController],
  providers: [MetricsService, OrganizationTimezones, KpiConsumers],
  exports: [MetricsService, OrganizationTimezones],
})
export class MetricsModule {}
