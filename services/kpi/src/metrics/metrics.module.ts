import { Module } from '@nestjs/common';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { KpiConsumers } from '../events/kpi-consumers';
import { DailyMetricsService } from './daily-metrics.service';
import { MetricRecorder } from './metric-recorder';
import { MetricsController } from './metrics.controller';

@Module({
  controllers: [MetricsController],
  providers: [DailyMetricsService, MetricRecorder, OrganizationTimezones, KpiConsumers],
  exports: [MetricRecorder, OrganizationTimezones],
})
export class MetricsModule {}
