import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  type ConfirmEmailRequest,
  confirmEmailRequestSchema,
  type ConfirmEmailResponse,
  type ForgotPasswordRequest,
  forgotPasswordRequestSchema,
  type LoginResponse,
  type MessageResponse,
  type ResetPasswordRequest,
  resetPasswordRequestSchema,
  type TwoFactorChallengeResponse,
  type VerifyEmailRequest,
  verifyEmailRequestSchema,
  type VerifyEmailResponse,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../auth/auth.controller';
import { AccountEmailService } from './account-email.service';
import { PasswordResetService } from './password-reset.service';
import { SignedInAs } from './signed-in-as';

/** The routes a mail link's page calls, and 'Forgot password?': signed out (a token, if sent, is checked). */
@Controller('api/auth')
export class AccountLinksController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly emails: AccountEmailService,
    private readonly signedInAs: SignedInAs,
  ) {}

  @Post('forgot-password')
  @HttpCode(HttpStatus.ACCEPTED)
  forgotPassword(
    @Body({ schema: forgotPasswordRequestSchema }) body: ForgotPasswordRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.resets.requestReset(body.email, clientOf(request));
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  async resetPassword(
    @Body({ schema: resetPasswordRequestSchema }) body: ResetPasswordRequest,
    @Req() request: FastifyRequest,
  ): Promise<LoginResponse | TwoFactorChallengeResponse> {
    return this.resets.reset(
      body.token,
      body.password,
      clientOf(request),
      await this.signedInAs.userId(request),
    );
  }

  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  async verifyEmail(
    @Body({ schema: verifyEmailRequestSchema }) body: VerifyEmailRequest,
    @Req() request: FastifyRequest,
  ): Promise<VerifyEmailResponse> {
    return this.emails.verify(body.token, await this.signedInAs.userId(request));
  }

  @Post('confirm-email')
  @HttpCode(HttpStatus.OK)
  async confirmEmail(
    @Body({ schema: confirmEmailRequestSchema }) body: ConfirmEmailRequest,
    @Req() request: FastifyRequest,
  ): Promise<ConfirmEmailResponse> {
    return this.emails.confirmChange(body.token, await this.signedInAs.userId(request));
  }
}
