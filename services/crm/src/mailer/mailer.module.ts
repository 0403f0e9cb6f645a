import { Module } from '@nestjs/common';
import { MailerService } from './mailer.service';

/** Sends the mails the services ask for on `portal.mail.requested` (see MailerService). */
@Module({ providers: [MailerService], exports: [MailerService] })
export class MailerModule {}
