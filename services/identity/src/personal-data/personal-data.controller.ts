import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import { type AccountExportPart, type DeleteAccountRequest, deleteAccountRequestSchema } from '@portal/contracts';
import { clientOf } from '../auth/auth.controller';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';
import { PersonalDataService } from './personal-data.service';

/** 'Export my data' (identity's part) and 'Delete my account' for the signed-in account. */
@Controller('api/account')
@UseGuards(SessionAuthGuard)
export class PersonalDataController {
  constructor(private readonly personalData: PersonalDataService) {}

  @Get('export')
  @Header('cache-control', 'no-store')
  export(@Req() request: AuthenticatedRequest): Promise<AccountExportPart> {
    return this.personalData.export(request.session.user.id);
  }

  @Post('delete')
  @HttpCode(HttpStatus.NO_CONTENT)
  delete(
    @Body({ schema: deleteAccountRequestSchema }) body: DeleteAccountRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<void> {
    return this.personalData.delete(request.session.user.id, body.password, clientOf(request));
  }
}
