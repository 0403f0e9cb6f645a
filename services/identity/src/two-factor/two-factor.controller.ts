import { Body, Controller, Header, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  type RecoveryCodesResponse,
  type TwoFactorDisableRequest,
  twoFactorDisableRequestSchema,
  type TwoFactorEnableRequest,
  twoFactorEnableRequestSchema,
  type TwoFactorSetupResponse,
} from '@portal/contracts';
import { clientOf } from '../auth/auth.controller';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';
import { TwoFactorService } from './two-factor.service';

/** The signed-in account's two-factor sign-in (any role). */
@Controller('api/account/two-factor')
@UseGuards(SessionAuthGuard)
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  setup(@Req() request: AuthenticatedRequest): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(request.session.user.id);
  }

  @Post('enable')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  enable(
    @Body({ schema: twoFactorEnableRequestSchema }) body: TwoFactorEnableRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<RecoveryCodesResponse> {
    return this.twoFactor.enable(request.session.user.id, body, clientOf(request));
  }

  @Post('disable')
  @HttpCode(HttpStatus.NO_CONTENT)
  disable(
    @Body({ schema: twoFactorDisableRequestSchema }) body: TwoFactorDisableRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<void> {
    return this.twoFactor.disable(request.session.user.id, body);
  }
}
