import { Body, Controller, Get, Header, Put, Req, UseGuards } from '@nestjs/common';
import { type NotificationSettings, notificationSettingsSchema } from '@portal/contracts';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';
import { UsersService } from '../users/users.service';

/**
 * The signed-in account's mail settings: whether it receives ticket emails (ADR 0193). Acts on the
 * account of the verified session only.
 */
@Controller('api/account/notifications')
@UseGuards(SessionAuthGuard)
export class NotificationSettingsController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Header('cache-control', 'no-store')
  async get(@Req() request: AuthenticatedRequest): Promise<NotificationSettings> {
    return { ticketEmails: await this.users.ticketEmails(request.session.user.id) };
  }

  /** The whole setting, answered back as stored. */
  @Put()
  @Header('cache-control', 'no-store')
  async put(
    @Body({ schema: notificationSettingsSchema }) body: NotificationSettings,
    @Req() request: AuthenticatedRequest,
  ): Promise<NotificationSettings> {
    await this.users.setTicketEmails(request.session.user.id, body.ticketEmails);
    return { ticketEmails: await this.users.ticketEmails(request.session.user.id) };
  }
}
