import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { NotificationSettingsController } from './notification-settings.controller';

/** Ticket emails: the account's setting, and the mails identity asks for on ticket events (ADR 0193). */
@Module({
  imports: [AuthModule],
  controllers: [NotificationSettingsController],
})
export class NotificationsModule {}
