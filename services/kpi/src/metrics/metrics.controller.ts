import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import type { MetricsResponse } from '@portal/contracts';
import { CLOCK, type Clock } from '../clock';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { MetricsService } from './metrics.service';

/**
 * The KPIs of the organization the token acts in (daily counts by calendar date in its time zone),
 * for every member (`kpis.read`).
 */
@Controller('api/kpi/metrics')
@MemberCan('kpis.read')
export class MetricsController {
  constructor(
    private readonly metricsService: MetricsService,
    private readonly timezones: OrganizationTimezones,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  async metrics(@CurrentUser() member: OrganizationMember): Promise<MetricsResponse> {
    const timezone = await this.timezones.timezoneOf(member.organizationId);
    return this.metricsService.forOrganization(member.organizationId, timezone, this.clock.now());
  }
}
