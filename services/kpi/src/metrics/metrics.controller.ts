import { Controller, Get, Inject } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, CustomerOnly } from '@portal/auth';
import type { MetricsResponse } from '@portal/contracts';
import { CLOCK, type Clock } from '../clock';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { MetricsService } from './metrics.service';

/** The KPIs of the signed-in customer's dashboard (daily counts by calendar date). */
@Controller('api/kpi/metrics')
@CustomerOnly()
export class MetricsController {
  constructor(
    private readonly metricsService: MetricsService,
    private readonly timezones: OrganizationTimezones,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  async metrics(@CurrentUser() user: AuthenticatedUser): Promise<MetricsResponse> {
    const timezone = await this.timezones.timezoneOf(user.organizationId);
    return this.metricsService.forCustomer(user.id, timezone, this.clock.now());
  }
}
