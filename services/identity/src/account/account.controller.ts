import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  type AccountResponse,
  type AccountSession,
  accountMessages,
  type ChangeEmailRequest,
  changeEmailRequestSchema,
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  type MessageResponse,
  type SignedOutResponse,
  type UpdateAccountRequest,
  updateAccountRequestSchema,
} from '@portal/contracts';
import { clientOf } from '../auth/auth.controller';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';
import { SessionsService } from '../sessions/sessions.service';
import { AccountEmailService } from './account-email.service';
import { AccountService } from './account.service';

const sessionNotFound = () => new NotFoundException(accountMessages.sessionNotFound);

/** The signed-in account's settings: every route acts on the account of the verified session only. */
@Controller('api/account')
@UseGuards(SessionAuthGuard)
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly emails: AccountEmailService,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  get(@Req() request: AuthenticatedRequest): Promise<AccountResponse> {
    return this.account.get(request.session.user.id);
  }

  @Patch()
  @Header('cache-control', 'no-store')
  update(
    @Body({ schema: updateAccountRequestSchema }) body: UpdateAccountRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<AccountResponse> {
    return this.account.rename(request.session.user.id, body.name);
  }

  @Post('verification-email')
  @HttpCode(HttpStatus.ACCEPTED)
  resendVerification(@Req() request: AuthenticatedRequest): Promise<MessageResponse> {
    return this.emails.resendVerification(request.session.user.id);
  }

  @Post('email')
  @HttpCode(HttpStatus.ACCEPTED)
  changeEmail(
    @Body({ schema: changeEmailRequestSchema }) body: ChangeEmailRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<MessageResponse> {
    const { id, role } = request.session.user;
    return this.emails.requestChange({ userId: id, role }, body, clientOf(request));
  }

  @Post('password')
  @HttpCode(HttpStatus.NO_CONTENT)
  async changePassword(
    @Body({ schema: changePasswordRequestSchema }) body: ChangePasswordRequest,
    @Req() request: AuthenticatedRequest,
  ): Promise<void> {
    const { session } = request;
    await this.account.changePassword(session.user.id, session.id, body, clientOf(request));
  }

  @Get('sessions')
  @Header('cache-control', 'no-store')
  listSessions(@Req() request: AuthenticatedRequest): Promise<AccountSession[]> {
    return this.account.listSessions(request.session.user.id, request.session.id);
  }

  @Post('sessions/sign-out-others')
  @HttpCode(HttpStatus.OK)
  async signOutOthers(@Req() request: AuthenticatedRequest): Promise<SignedOutResponse> {
    return { signedOut: await this.sessions.revokeOthers(request.session.user.id, request.session.id) };
  }

  @Delete('sessions/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  async endSession(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: sessionNotFound })) id: string,
    @Req() request: AuthenticatedRequest,
  ): Promise<void> {
    await this.account.endSession(request.session.user.id, id);
  }
}
