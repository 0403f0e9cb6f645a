import { BadRequestException, Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  kpiCsvFilename,
  kpiRangeQuerySchema,
  type ParsedKpiRangeQuery,
  type MetricsResponse,
  resolveKpiRange,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { CLOCK, type Clock } from '../clock';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { dailyMetricsCsv } from './daily-csv';
import { MetricsService } from './metrics.service';

/**
 * The KPIs of the organization the token acts in (daily counts by calendar date in its time zone)
 * over a range (7, 30 or 90 days, this month, or custom days up to 13 months), for every member
 * (`kpis.read`): as JSON for the tab, and as a CSV download of the same daily rows.
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
  metrics(
    @CurrentUser() member: OrganizationMember,
    @Query({ schema: kpiRangeQuerySchema }) query: ParsedKpiRangeQuery,
  ): Promise<MetricsResponse> {
    return this.metricsOver(member, query);
  }

  /** `GET /api/kpi/metrics/export`: the range's daily rows as `kpis-<from>-to-<to>.csv`, a download. */
  @Get('export')
  async export(
    @CurrentUser() member: OrganizationMember,
    @Query({ schema: kpiRangeQuerySchema }) query: ParsedKpiRangeQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const metrics = await this.metricsOver(member, query);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kpiCsvFilename(metrics.range)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(dailyMetricsCsv(metrics.daily));
  }

  private async metricsOver(
    member: OrganizationMember,
    query: ParsedKpiRangeQuery,
  ): Promise<MetricsResponse> {
    const timezone = await this.timezones.timezoneOf(member.organizationId);
    const today = await this.metricsService.todayIn(timezone, this.clock.now());
    const resolved = resolveKpiRange(query, today);
    if ('error' in resolved) throw new BadRequestException(resolved.error);
    return this.metricsService.forOrganization(member.organizationId, timezone, today, resolved.range);
  }
}
