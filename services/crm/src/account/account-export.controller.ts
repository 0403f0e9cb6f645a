import { Controller, Get, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, JwtAuthGuard } from '@portal/auth';
import { accountExportPart, accountExportPath, type AccountExportPart } from '@portal/contracts';
import { AccountDataService } from './account-data.service';

/**
 * crm's part of the settings page's "Export my data": the signed-in account's integrations without
 * their secrets, the events they posted, and its kickoff call.
 */
@Controller(accountExportPath('crm').slice(1))
@UseGuards(JwtAuthGuard)
export class AccountExportController {
  constructor(private readonly accountData: AccountDataService) {}

  @Get()
  async export(@CurrentUser() user: AuthenticatedUser): Promise<AccountExportPart> {
    return accountExportPart('crm', { ...(await this.accountData.export(user)) });
  }
}
