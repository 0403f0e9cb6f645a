import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { AccountLinksModule } from '../account-links/account-links.module';
import { AuthModule } from '../auth/auth.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { NotificationSettingsController } from './notification-settings.controller';
import { TicketMailsConsumer } from './ticket-mails.consumer';
import { TicketMails } from './ticket-mails.service';
import { WebhookMailsConsumer } from './webhook-mails.consumer';
import { WebhookMails } from './webhook-mails.service';

/**
 * Ticket emails: the account's setting, and the mails identity asks for on ticket events (ADR 0193);
 * the owners' mail when a webhook endpoint goes failing (ADR 0202).
 */
@Module({
  imports: [AuthModule, AccountLinksModule, OrganizationsModule],
  controllers: [NotificationSettingsController],
  providers: [ServiceConsumers, TicketMails, TicketMailsConsumer, WebhookMails, WebhookMailsConsumer],
})
export class NotificationsModule {}
