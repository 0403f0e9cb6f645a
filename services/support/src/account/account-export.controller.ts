import { Controller, Get, UseGuards } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, JwtAuthGuard } from '@portal/auth';
import { accountExportPart, accountExportPath, type AccountExportPart } from '@portal/contracts';
import { AccountDataService } from './account-data.service';

/** support's part of the settings page's "Export my data": the signed-in account's own tickets. */
@Controller(accountExportPath('support').slice(1))
@UseGuards(JwtAuthGuard)
export class AccountExportController {
  constructor(private readonly accountData: AccountDataService) {}

  @Get()
  async export(@CurrentUser() user: AuthenticatedUser): Promise<AccountExportPart> {
    return accountExportPart('support', { ...(await this.accountData.export(user)) });
  }
}
