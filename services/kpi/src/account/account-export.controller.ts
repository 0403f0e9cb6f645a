import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, JwtAuthGuard } from '@portal/auth';
import { accountExportPart, accountExportPath, type AccountExportPart } from '@portal/contracts';
import { CLOCK, type Clock } from '../clock';
import { MetricsService } from '../metrics/metrics.service';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';

/**
 * kpi's part of the settings page's "Export my data": every metric counted for the signed-in account
 * (oldest first) and the dashboard's daily counts in its organisation's time zone.
 */
@Controller(accountExportPath('kpi').slice(1))
@UseGuards(JwtAuthGuard)
export class AccountExportController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly timezones: OrganizationTimezones,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  async export(@CurrentUser() user: AuthenticatedUser): Promise<AccountExportPart> {
    const timezone = await this.timezones.timezoneOf(user.organizationId);
    const [metrics, counts] = await Promise.all([
      this.metrics.allOfCustomer(user.id),
      this.metrics.forCustomer(user.id, timezone, this.clock.now()),
    ]);
    return accountExportPart('kpi', { timezone, metrics, daily: counts.daily }, this.clock.now());
  }
}
