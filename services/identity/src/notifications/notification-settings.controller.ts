import { Body, Controller, Get, Header, Put, Req, UseGuards } from '@nestjs/common';
import { type NotificationSettings, notificationSettingsSchema } from '@portal/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type AuthenticatedRequest, SessionAuthGuard } from '../auth/session-auth.guard';

/**
 * The signed-in account's mail settings: whether it receives ticket emails (ADR 0193). Acts on the
 * account of the verified session only.
 */
@Controller('api/account/notifications')
@UseGuards(SessionAuthGuard)
export class NotificationSettingsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Header('cache-control', 'no-store')
  async get(@Req() request: AuthenticatedRequest): Promise<NotificationSettings> {
    const [row]: { ticket_emails: boolean }[] = await this.dataSource.query(
      'SELECT ticket_emails FROM public_users WHERE id = $1',
      [request.session.user.id],
    );
    return { ticketEmails: row?.ticket_emails ?? true };
  }

  @Put()
  @Header('cache-control', 'no-store')
  async put(
    @Body({ schema: notificationSettingsSchema }) body: NotificationSettings,
    @Req() request: AuthenticatedRequest,
  ): Promise<NotificationSettings> {
    const [rows]: [{ ticket_emails: boolean }[], number] = await this.dataSource.query(
      'UPDATE public_users SET ticket_emails = $2 WHERE id = $1 RETURNING ticket_emails',
      [request.session.user.id, body.ticketEmails],
    );
    return { ticketEmails: rows[0]?.ticket_emails ?? body.ticketEmails };
  }
}
